import type { Knex } from 'knex';

/**
 * How many images the stored damage check looked at (SPEC.md §7: the analysis answers
 * analysis, analysisAr, imageCount), kept with the analysis so a stored report can say it.
 * Null for an analysis stored before this column, and for a vehicle never analysed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vehicles', (t) => {
    t.integer('accidentAnalysisImageCount').nullable();
  });
}

/**
 * ALTER TABLE … DROP COLUMN on both engines, as in 20261124500100: knex would rebuild the SQLite
 * table to drop a column, and dropping the old `vehicles` table inside the migration's
 * transaction would clear every file, status event and link that points at a vehicle.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['vehicles', 'accidentAnalysisImageCount']);
}
