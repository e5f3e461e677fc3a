import type { Knex } from 'knex';

/**
 * Files of vehicles and containers that were moved to another company kept their old company, and
 * deleting that company deleted them with it. A file's company is now its record's (the move
 * updates it, services/files/store.ts); this repairs the rows that earlier moves left behind.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [owner, table] of [['vehicleId', 'vehicles'], ['containerId', 'containers']] as const) {
    const recordCompany = knex(table).select(`${table}.companyId`).where(`${table}.id`, knex.ref(`vehicle_files.${owner}`));
    await knex('vehicle_files')
      .whereNotNull(owner)
      .whereNot('companyId', recordCompany)
      .update({ companyId: recordCompany });
  }
}

export async function down(): Promise<void> {
  // The old companies are not known any more, and were wrong.
}
