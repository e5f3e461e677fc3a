import type { Knex } from 'knex';
import { addColumns, addIndexes, dropColumns, dropIndexes } from './helpers';

/**
 * `vehicles.statusRank`: the status's place in the journey (NEW_PURCHASE 0 … RECEIVED 7, as
 * api/src/domain/statuses.ts on 2026-12-01), kept by the operations that set a status. A list
 * sorted by status reads it, so the order is the shipping stages' on both engines, from indexes
 * made like the status ones the dashboard reads (each status's vehicles by creation time).
 *
 * Existing rows are filled by id ranges, each range one short UPDATE (a million vehicles never in
 * one statement or one lock). Every step checks what is done: a run that stopped halfway on
 * MariaDB (where each DDL statement commits) completes on the next start, and a range filled
 * already is filled again with the same values.
 */
const STATUSES_IN_ORDER = ['NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED'];
const INDEXES = [['statusRank', 'createdAt'], ['companyId', 'statusRank', 'createdAt']];
/** Ids per UPDATE: small enough for a short lock, large enough that a million rows take 100 statements. */
const RANGE = 10_000;

const RANK_OF_STATUS = `case status ${STATUSES_IN_ORDER.map((status, rank) => `when '${status}' then ${rank}`).join(' ')} else 0 end`;

/**
 * Outside knex's migration transaction: otherwise knex runs the whole pending batch in one
 * transaction, which MariaDB commits at the batch's first ALTER TABLE; the ranges here would then
 * be savepoints of no transaction rather than transactions of their own. Each step is safe to
 * run again instead.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'vehicles', { statusRank: (t) => t.tinyint('statusRank').unsigned().notNullable().defaultTo(0) });
  const { low, high } = (await knex('vehicles').min({ low: 'id' }).max({ high: 'id' }).first()) as { low: number | null; high: number | null };
  if (low !== null && high !== null) {
    for (let from = Number(low); from <= Number(high); from += RANGE) {
      await knex.raw(`update vehicles set statusRank = ${RANK_OF_STATUS} where id >= ? and id < ? and statusRank <> ${RANK_OF_STATUS}`, [from, from + RANGE]);
    }
  }
  // After the fill: an index built once is cheaper than one kept up through a million updates.
  await addIndexes(knex, 'vehicles', INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, 'vehicles', INDEXES);
  await dropColumns(knex, 'vehicles', ['statusRank']);
}
