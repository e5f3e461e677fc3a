import type { Knex } from 'knex';
import { addIndexes, dropIndexes } from './helpers';

/**
 * The dashboard lists the newest vehicles of each status. With the status and then the creation
 * time in one index, each status's newest rows are read straight from the index, instead of
 * ranking every vehicle of the company (or of the whole install, for a super administrator).
 * The new indexes start with the columns of the ones they replace, so counting by status still
 * reads the index alone.
 */
const NEW_INDEXES = [['companyId', 'status', 'createdAt'], ['status', 'createdAt']];
const OLD_INDEXES = [['companyId', 'status'], ['status']];

export async function up(knex: Knex): Promise<void> {
  await addIndexes(knex, 'vehicles', NEW_INDEXES);
  await dropIndexes(knex, 'vehicles', OLD_INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await addIndexes(knex, 'vehicles', OLD_INDEXES);
  await dropIndexes(knex, 'vehicles', NEW_INDEXES);
}
