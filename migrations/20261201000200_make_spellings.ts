import type { Knex } from 'knex';
import { isMysql } from './helpers';

/**
 * Makes stored in one spelling (docs/decisions.md, "One spelling of a make"): "TOYOTA" from the
 * offline decoder and "Toyota" typed by someone become "Toyota". The spelling rule is a copy of
 * api/src/domain/makes.ts canonicalMake as of 2026-12-01, kept here so this migration stays what
 * it was when the app's rule changes.
 *
 * Vehicles are read and written by id ranges, each range in its own transaction: its changed
 * makes and, where a make changed beyond its case, that vehicle's search index entry (both
 * indexes compare without case). A run that stopped halfway (MariaDB or not) left whole ranges
 * done and the rest untouched; running it again finds nothing to change in the done ones.
 */

/** Makes not written in title case, by their upper-case form (vPIC's). */
const SPELLINGS: Readonly<Record<string, string>> = Object.freeze({
  AC: 'AC',
  AMC: 'AMC',
  'AM GENERAL': 'AM General',
  ATK: 'ATK',
  BAIC: 'BAIC',
  BMW: 'BMW',
  BSA: 'BSA',
  BYD: 'BYD',
  CFMOTO: 'CFMoto',
  DAF: 'DAF',
  DELOREAN: 'DeLorean',
  DESOTO: 'DeSoto',
  DETOMASO: 'De Tomaso',
  'DE TOMASO': 'De Tomaso',
  'E-TON': 'E-Ton',
  FAW: 'FAW',
  GAC: 'GAC',
  GASGAS: 'GasGas',
  GMC: 'GMC',
  'IC BUS': 'IC Bus',
  JAC: 'JAC',
  JMC: 'JMC',
  KTM: 'KTM',
  KYMCO: 'KYMCO',
  LIVEWIRE: 'LiveWire',
  MAN: 'MAN',
  MCLAREN: 'McLaren',
  MG: 'MG',
  MINI: 'MINI',
  'MV AGUSTA': 'MV Agusta',
  NIO: 'NIO',
  'PJ TRAILERS': 'PJ Trailers',
  RAM: 'RAM',
  'ROLLS ROYCE': 'Rolls-Royce',
  SRT: 'SRT',
  SSANGYONG: 'SsangYong',
  TM: 'TM',
  TVR: 'TVR',
  UD: 'UD',
  VPG: 'VPG',
  XPENG: 'XPeng',
});

/** Words kept in capitals inside any make ("Autocar LLC.", "Pierce Mfg. Inc." stays title case). */
const CAPITAL_WORDS = new Set(['LLC', 'LLC.', 'USA', 'UK', 'RV', 'EV', 'II', 'III']);

/** One word (or hyphen-joined part) in title case: first letter up, the rest down. */
const titleWord = (word: string) => (CAPITAL_WORDS.has(word) ? word : word.charAt(0) + word.slice(1).toLowerCase());

/**
 * The stored spelling of a make: trimmed, inner spaces made one, then a listed spelling or title
 * case. Null, or text that is only spaces, is null.
 */
function canonicalMake(make: string | null | undefined): string | null {
  if (make === null || make === undefined) return null;
  const spaced = make.trim().replace(/\s+/g, ' ');
  if (!spaced) return null;
  const upper = spaced.toUpperCase();
  const listed = SPELLINGS[upper];
  if (listed) return listed;
  return upper
    .split(' ')
    .map((word) => word.split('-').map(titleWord).join('-'))
    .join(' ');
}

/** Ids per range: a short transaction, and a million vehicles in 200 of them. */
const RANGE = 5_000;

/** The search index entries of these vehicles, written again from their rows (as vehicles/searchIndex.ts did on 2026-12-01). */
async function reindex(trx: Knex, ids: number[]) {
  const marks = ids.map(() => '?').join(', ');
  if (isMysql(trx)) {
    const positions = Array.from({ length: 100 }, (_, i) => `select ${i + 1} as i`).join(' union all ');
    await trx.raw(`delete from vehicle_search_suffixes where vehicleId in (${marks})`, ids);
    await trx.raw(
      `insert ignore into vehicle_search_suffixes (suffix, vehicleId)
       select substring(t.txt, p.i), t.id
       from (select id, vin as txt from vehicles where id in (${marks})
             union all select id, make from vehicles where make is not null and id in (${marks})
             union all select id, model from vehicles where model is not null and id in (${marks})) t
       join (${positions}) p on p.i <= char_length(t.txt) - 2`,
      [...ids, ...ids, ...ids],
    );
  } else {
    await trx.raw(`insert or replace into vehicles_search (rowid, vin, make, model) select id, vin, make, model from vehicles where id in (${marks})`, ids);
  }
}

async function respellRange(knex: Knex, from: number, to: number) {
  await knex.transaction(async (trx) => {
    const rows: { id: number; make: string }[] = await trx('vehicles').where('id', '>=', from).andWhere('id', '<', to).whereNotNull('make').select('id', 'make');
    const byMake = new Map<string, number[]>();
    const reindexed: number[] = [];
    for (const row of rows) {
      const make = canonicalMake(row.make);
      if (make === row.make) continue;
      byMake.set(make ?? '', [...(byMake.get(make ?? '') ?? []), Number(row.id)]);
      if (make?.toUpperCase() !== row.make.toUpperCase()) reindexed.push(Number(row.id));
    }
    for (const [make, ids] of byMake) await trx('vehicles').whereIn('id', ids).update({ make: make || null });
    if (reindexed.length) await reindex(trx, reindexed);
  });
}

/**
 * Outside knex's migration transaction: otherwise knex runs the whole pending batch in one
 * transaction, which MariaDB commits at the batch's first ALTER TABLE; the ranges here would then
 * be savepoints of no transaction rather than transactions of their own. Each step is safe to
 * run again instead.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  const { low, high } = (await knex('vehicles').min({ low: 'id' }).max({ high: 'id' }).first()) as { low: number | null; high: number | null };
  if (low === null || high === null) return;
  for (let from = Number(low); from <= Number(high); from += RANGE) await respellRange(knex, from, from + RANGE);
}

/** The old spellings are not kept: undoing leaves the makes as they are (the app reads either). */
export async function down(): Promise<void> {}
