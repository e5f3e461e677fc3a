import { describe, expect, it } from 'vitest';
import { containerPorts, portLabel } from './ports';

describe('portLabel', () => {
  it("reads 'name - country'", () => {
    expect(portLabel({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'United Arab Emirates' })).toBe('Jebel Ali - United Arab Emirates');
  });

  it("reads '-' without a port or a name", () => {
    expect(portLabel(null)).toBe('-');
    expect(portLabel(undefined, 'ar')).toBe('-');
    expect(portLabel({ name: '  ', country: 'Oman' })).toBe('-');
  });

  it('uses the Arabic name on Arabic pages when there is one', () => {
    expect(portLabel({ name: 'Dammam', nameAr: 'الدمام', country: 'Saudi Arabia' }, 'ar')).toBe('الدمام - Saudi Arabia');
    expect(portLabel({ name: 'Dammam', nameAr: '', country: 'Saudi Arabia' }, 'ar')).toBe('Dammam - Saudi Arabia');
  });

  it('leaves out a missing country', () => {
    expect(portLabel({ name: 'Aqaba', country: null })).toBe('Aqaba');
  });
});

describe('containerPorts', () => {
  it('reads the from and to columns of a container row', () => {
    const row = { fromPortName: 'Baltimore', fromPortNameAr: 'بالتيمور', fromPortCountry: 'United States', toPortName: null };
    const { from, to } = containerPorts(row);
    expect(portLabel(from)).toBe('Baltimore - United States');
    expect(portLabel(to)).toBe('-');
  });
});
