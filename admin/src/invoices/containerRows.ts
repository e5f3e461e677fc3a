import type { Identifier } from 'react-admin';

/**
 * The container rows of the invoice dialog: each row holds one container, no container twice, at
 * least one row. Rows are the chosen ids in order; `all` is every container that may be chosen.
 */
export type Rows = Identifier[];

const same = (a: Identifier, b: Identifier) => String(a) === String(b);

/** The containers row `index` may show: its own and those no other row has taken. */
export const optionsForRow = (all: Identifier[], rows: Rows, index: number): Identifier[] =>
  all.filter((id) => !rows.some((chosen, i) => i !== index && same(chosen, id)));

/** Another row can be added while some container is not chosen yet. */
export const canAddRow = (all: Identifier[], rows: Rows): boolean => all.some((id) => !rows.some((chosen) => same(chosen, id)));

/** Adds a row holding the first container not chosen yet (never a duplicate, never an empty row). */
export function addRow(all: Identifier[], rows: Rows): Rows {
  const next = all.find((id) => !rows.some((chosen) => same(chosen, id)));
  return next === undefined ? rows : [...rows, next];
}

/** One row is always kept. */
export const canRemoveRow = (rows: Rows): boolean => rows.length > 1;

export const removeRow = (rows: Rows, index: number): Rows => (canRemoveRow(rows) ? rows.filter((_, i) => i !== index) : rows);

/** Puts a container in a row; a container another row holds is refused (the rows stay as they are). */
export function setRow(rows: Rows, index: number, id: Identifier): Rows {
  if (rows.some((chosen, i) => i !== index && same(chosen, id))) return rows;
  return rows.map((chosen, i) => (i === index ? id : chosen));
}
