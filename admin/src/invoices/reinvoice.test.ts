import { describe, expect, it } from 'vitest';
import { alreadyInvoiced, invoiceNumbersText } from './reinvoice';

describe('invoicing a container again', () => {
  it('finds the selected containers that already are on an invoice', () => {
    const fresh = { id: 1, number: 'MSCU1234565', invoiceNumbers: [] };
    const once = { id: 2, number: 'MAEU1111111', invoiceNumbers: ['INV-2026-000001'] };
    const twice = { id: 3, number: 'CSQU3054383', invoiceNumbers: ['INV-2026-000001', 'INV-2026-000004'] };
    const unknown = { id: 4, number: 'TGHU1234560' };
    expect(alreadyInvoiced([fresh, once, unknown, twice])).toEqual([once, twice]);
    expect(alreadyInvoiced([fresh, unknown])).toEqual([]);
    expect(invoiceNumbersText(twice)).toBe('INV-2026-000001, INV-2026-000004');
    expect(invoiceNumbersText(unknown)).toBe('');
  });
});
