import type { Knex } from 'knex';
import { addColumns, addIndexes, dropColumns, dropIndexes } from './helpers';

const FILE_COLUMNS = ['documentKind', 'verifiedAt', 'verifiedBy'];
const VEHICLE_INDEXES = [['companyId', 'documentsDueAt'], ['documentsDueAt']];
const HOUR = 60 * 60 * 1000;

/**
 * The document checklist (issue 30). A vehicle's documents get a kind (TITLE, BILL_OF_SALE, ITN,
 * DOCK_RECEIPT, BILL_OF_LADING, OTHER; those stored before are OTHER) and the date and user of their
 * verification (`verifiedBy` without a foreign key: one statement each, so a run stopped halfway
 * on MariaDB completes on the next start; a deleted user's id stays as the record of who it was).
 * Each vehicle keeps the earliest due date of the documents it still misses (`documentsDueAt`),
 * indexed, so the vehicles with an overdue document are one range read. Vehicles already in a
 * container with a loading date miss every kind: their earliest is the title's, 72 h before it.
 * Every step checks what is done, so running it again completes it.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'vehicle_files', {
    documentKind: (t) => t.string('documentKind', 20).nullable(),
    verifiedAt: (t) => t.string('verifiedAt', 30).nullable(),
    verifiedBy: (t) => t.integer('verifiedBy').unsigned().nullable(),
  });
  await knex('vehicle_files').whereNotNull('vehicleId').where({ fileType: 'DOCUMENT' }).whereNull('documentKind').update({ documentKind: 'OTHER' });
  await addColumns(knex, 'vehicles', { documentsDueAt: (t) => t.string('documentsDueAt', 30).nullable() });
  await addIndexes(knex, 'vehicles', VEHICLE_INDEXES);
  const loading: { id: number; loadingDate: string }[] = await knex('containers').whereNotNull('loadingDate').select('id', 'loadingDate');
  for (const { id, loadingDate } of loading) {
    const at = Date.parse(loadingDate.length === 10 ? `${loadingDate}T00:00:00.000Z` : loadingDate);
    if (Number.isNaN(at)) continue;
    await knex('vehicles').where({ containerId: id }).update({ documentsDueAt: new Date(at - 72 * HOUR).toISOString() });
  }
}

export const downLoses = 'the kind and verification of every vehicle document';

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, 'vehicles', VEHICLE_INDEXES);
  await dropColumns(knex, 'vehicles', ['documentsDueAt']);
  await dropColumns(knex, 'vehicle_files', FILE_COLUMNS);
}
