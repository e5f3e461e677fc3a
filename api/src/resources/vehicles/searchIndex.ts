import type { Knex } from 'knex';
import { isMysql } from '../../db';

/**
 * Keeps the vehicle search index (migration 20261125000200, read by search.ts) in the transaction
 * that writes the vehicles, as triggers did before (a trigger needs SUPER or
 * log_bin_trust_function_creators on a MariaDB with binary logging: docs/decisions.md).
 *
 * Which vehicles: those of a company (a seed, a deletion), or some by id. Set-based SQL reading
 * the rows as they are, so the caller adds vehicles after writing them and removes them before
 * deleting them (or, for a change of text, before and after the change).
 */
export type IndexedVehicles = { companyId: number } | { ids: number[] };

/** The vehicles as a condition on `vehicles`, with its bindings. */
const where = (vehicles: IndexedVehicles): [string, number[]] =>
  'ids' in vehicles ? [`id in (${vehicles.ids.map(() => '?').join(', ')})`, vehicles.ids] : ['companyId = ?', [vehicles.companyId]];

/**
 * A company as one token of SQLite's trigram index (migration 20261203000100): three characters of
 * Unicode's private use area, 2,048 values each from U+E000, which the tokenizer reads as exactly
 * one trigram. A company's search then reads that token's entries and the text's together
 * (search.ts), its matches alone: the cost follows the matches, not every company's nor the
 * company's size. The same three characters in SQL (the rows written by the statement below) and
 * in TypeScript (the token searched for); the migration writes them as this SQL does.
 */
const TOKEN_BASE = 0xe000;
const TOKEN_DIGIT = 2048;
export const companyToken = (companyId: number) =>
  String.fromCodePoint(
    TOKEN_BASE + (Math.floor(companyId / TOKEN_DIGIT ** 2) % TOKEN_DIGIT),
    TOKEN_BASE + (Math.floor(companyId / TOKEN_DIGIT) % TOKEN_DIGIT),
    TOKEN_BASE + (companyId % TOKEN_DIGIT),
  );
const COMPANY_TOKEN_SQL = `char(${TOKEN_BASE} + (companyId / ${TOKEN_DIGIT ** 2}) % ${TOKEN_DIGIT}, ${TOKEN_BASE} + (companyId / ${TOKEN_DIGIT}) % ${TOKEN_DIGIT}, ${TOKEN_BASE} + companyId % ${TOKEN_DIGIT})`;

/** The longest text indexed: the make and model columns' length. */
const MAX_TEXT = 100;
/** Positions 1…100, joined with every text long enough to have a suffix of three characters there. */
const POSITIONS = Array.from({ length: MAX_TEXT }, (_, i) => `select ${i + 1} as i`).join(' union all ');

export async function addToSearchIndex(trx: Knex, vehicles: IndexedVehicles): Promise<void> {
  if ('ids' in vehicles && !vehicles.ids.length) return;
  const [rows, bindings] = where(vehicles);
  if (isMysql(trx)) {
    // Every suffix of three characters or more of the VIN, make and model; IGNORE drops a suffix
    // two of the texts share (in the column's case-insensitive collation).
    await trx.raw(
      `insert ignore into vehicle_search_suffixes (suffix, vehicleId)
       select substring(t.txt, p.i), t.id
       from (select id, vin as txt from vehicles where ${rows}
             union all select id, make from vehicles where make is not null and ${rows}
             union all select id, model from vehicles where model is not null and ${rows}) t
       join (${POSITIONS}) p on p.i <= char_length(t.txt) - 2`,
      [...bindings, ...bindings, ...bindings],
    );
  } else {
    // One entry per vehicle (its rowid): written again, it replaces the one there.
    await trx.raw(`insert or replace into vehicles_search (rowid, company, vin, make, model) select id, ${COMPANY_TOKEN_SQL}, vin, make, model from vehicles where ${rows}`, bindings);
  }
}

export async function removeFromSearchIndex(trx: Knex, vehicles: IndexedVehicles): Promise<void> {
  if ('ids' in vehicles && !vehicles.ids.length) return;
  const [rows, bindings] = where(vehicles);
  if (isMysql(trx)) {
    await trx.raw(`delete from vehicle_search_suffixes where vehicleId in (select id from vehicles where ${rows})`, bindings);
  } else {
    await trx.raw(`delete from vehicles_search where rowid in (select id from vehicles where ${rows})`, bindings);
  }
}

/** Whether a change to a vehicle touches what the index holds (on SQLite, its company too). */
export const changesSearchedText = (change: { vin?: unknown; make?: unknown; model?: unknown; companyId?: unknown }) =>
  change.vin !== undefined || change.make !== undefined || change.model !== undefined || change.companyId !== undefined;
