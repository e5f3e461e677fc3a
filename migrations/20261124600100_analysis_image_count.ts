import type { Knex } from 'knex';
import { addColumns, dropColumns } from './helpers';

/**
 * How many images the stored damage check looked at (SPEC.md §7: the analysis answers
 * analysis, analysisAr, imageCount), kept with the analysis so a stored report can say it.
 * Null for an analysis stored before this column, and for a vehicle never analysed.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'vehicles', { accidentAnalysisImageCount: (t) => t.integer('accidentAnalysisImageCount').nullable() });
}

export const downLoses = 'how many images each stored damage check looked at';

/** ALTER TABLE … DROP COLUMN on both engines (helpers.ts, dropColumns): never a rebuild of `vehicles`. */
export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'vehicles', ['accidentAnalysisImageCount']);
}
