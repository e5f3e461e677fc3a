import { describe, expect, it } from 'vitest';
import type { Identifier } from 'react-admin';
import { addRow, canAddRow, canRemoveRow, optionsForRow, removeRow, setRow } from './containerRows';

const all = [11, 12, 13];

describe('the container rows of the invoice dialog', () => {
  it('starts with the container of the page and adds the next container not chosen', () => {
    let rows: Identifier[] = [12];
    rows = addRow(all, rows);
    expect(rows).toEqual([12, 11]);
    rows = addRow(all, rows);
    expect(rows).toEqual([12, 11, 13]);
  });

  it('never holds a container twice', () => {
    const rows = [11, 12];
    expect(optionsForRow(all, rows, 0)).toEqual([11, 13]);
    expect(optionsForRow(all, rows, 1)).toEqual([12, 13]);
    expect(setRow(rows, 1, 11)).toEqual([11, 12]); // refused: row 0 has it
    expect(setRow(rows, 1, 13)).toEqual([11, 13]);
    expect(setRow(rows, 0, 11)).toEqual([11, 12]); // its own container again
    // ids from a select come back as strings: still the same container
    expect(setRow(rows, 1, '11')).toEqual([11, 12]);
    expect(optionsForRow(all, ['11', 12], 1)).toEqual([12, 13]);
  });

  it('disables adding once every container is chosen', () => {
    expect(canAddRow(all, [11])).toBe(true);
    expect(canAddRow(all, [11, 12])).toBe(true);
    expect(canAddRow(all, [11, 12, 13])).toBe(false);
    expect(addRow(all, [11, 12, 13])).toEqual([11, 12, 13]);
    expect(canAddRow([11], [11])).toBe(false); // a company with one container
  });

  it('keeps at least one row', () => {
    expect(canRemoveRow([11])).toBe(false);
    expect(removeRow([11], 0)).toEqual([11]);
    expect(canRemoveRow([11, 12])).toBe(true);
    expect(removeRow([11, 12, 13], 1)).toEqual([11, 13]);
    expect(removeRow(removeRow([11, 12, 13], 0), 0)).toEqual([13]);
  });

  it('offers a removed container again', () => {
    const rows = removeRow([11, 12, 13], 2);
    expect(canAddRow(all, rows)).toBe(true);
    expect(optionsForRow(all, rows, 0)).toEqual([11, 13]);
  });
});
