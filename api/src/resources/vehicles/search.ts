import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { isMysql, selectRows } from '../../db';
import { escapeLike } from '../../http/listPlan';
import type { IndexedSearch, ScopedIndexCosts } from '../../http/listQuery';
import type { Vehicle } from './model';
import { companyToken } from './searchIndex';

/** The indexes hold substrings of three characters or more; shorter texts are a LIKE. */
const MIN_INDEXED_LENGTH = 3;

/**
 * The text as one quoted phrase of SQLite's trigram index, in the searched columns only: the
 * company's token (searchIndex.ts) is never matched by what a user types.
 */
const ftsPhrase = (text: string) => `{vin make model} : "${text.replaceAll('"', '""')}"`;
/** The phrase among one company's vehicles: both the company's token and the text. */
const ftsPhraseOfCompany = (companyId: number, text: string) => `company : "${companyToken(companyId)}" AND ${ftsPhrase(text)}`;
/** On MySQL/MariaDB, the start of an indexed suffix. */
const suffixStart = (text: string) => `${escapeLike(text)}%`;

/** The index's matches up to a bound, as constant texts: the index is no resource's table, only a way to find vehicles. */
const COUNT_FTS = 'select count(*) as n from (select 1 from vehicles_search where vehicles_search match ? limit ?) as matches';
/** The vehicles the index matches, as a test of the list's id. */
const MATCHING = 'vehicles.id in (select rowid from vehicles_search where vehicles_search match ?)';
const MATCHING_ALONG_SORT = `+${MATCHING}`;
const MATCHING_SUFFIXES = "vehicles.id in (select vehicleId from vehicle_search_suffixes where suffix like ? escape '!')";
const COUNT_SUFFIXES = "select count(*) as n from (select distinct vehicleId from vehicle_search_suffixes where suffix like ? escape '!' limit ?) as matches";

/**
 * MariaDB's costs of asking the suffixes in a company's list (listPlan.ts planScopedSearch),
 * measured in its own CPU (bench, 27 Nov 2026): the LIKE over a company's rows costs 2.1-2.6 µs a
 * row (three case-folding LIKEs under utf8mb4), eight times SQLite's, so a VIN's end among 1,000
 * cars cost 2.1 ms for the page and as much for its count; through the suffixes 0.35-0.7 and
 * 0.15-0.6. A match of the suffixes costs about 1.3 µs counted and 0.7 µs paged, two rows' worth
 * together; asking costs a couple of hundred rows' worth, worth it from 500 rows.
 */
const MARIADB_SCOPED_COSTS: ScopedIndexCosts = { minRows: 500, matchCostInRows: 2 };

/**
 * The vehicle list's free-text search (filter.q) from the search index of migration
 * 20261125000200, with the meaning of the LIKE it replaces: any part of the VIN, make or model,
 * whatever the case, with % and _ taken literally. On SQLite the text is one quoted phrase of the
 * trigram index (one entry per vehicle, with its company's token since migration 20261203000100);
 * on MySQL/MariaDB, the start of an indexed suffix (a vehicle has one row per suffix, so its
 * matches are counted distinct). `companyId`: the matches of that company alone, which SQLite's
 * index finds among the company's entries (matchesOneCompany); MySQL's suffixes hold no company,
 * so there they are every company's, and the list's scope narrows them.
 */
function searchIndex(companyId?: number): IndexedSearch {
  const phraseOf = (text: string) => (companyId === undefined ? ftsPhrase(text) : ftsPhraseOfCompany(companyId, text));
  const condition = (knex: Knex, text: string, alongSortIndex: boolean) => {
    // MariaDB's optimizer weighs the suffix index's statistics and reads a common text's page
    // along the sort's index by itself (a semi-join on the matches, read once).
    if (isMysql(knex)) return { sql: MATCHING_SUFFIXES, values: [suffixStart(text)], leads: false };
    // SQLite cannot tell how many rows a full-text match gives, and lets it drive. `+id` keeps
    // the id's index from doing so: the sort's index is read in order, each row looked up in the
    // matches (read once, behind a Bloom filter). Otherwise the matches lead, and the company's
    // own index must not (it would read every row of a large company to test each: 3.3 ms against
    // 0.4 ms for a VIN's tail among 50,000 cars).
    return { sql: alongSortIndex ? MATCHING_ALONG_SORT : MATCHING, values: [phraseOf(text)], leads: !alongSortIndex };
  };
  return {
    answers: (text) => [...text].length >= MIN_INDEXED_LENGTH,

    matchesOneCompany: (knex) => companyId !== undefined && !isMysql(knex),

    // SQLite's index is keyed by company, and asked whatever the company's size.
    scopedCosts: (knex) => (isMysql(knex) ? MARIADB_SCOPED_COSTS : undefined),

    // The matches are counted up to `limit`: a make's hundred thousand matches cost a page's
    // worth, not a count.
    async count(knex: Knex, text: string, limit: number) {
      const [sql, match] = isMysql(knex) ? [COUNT_SUFFIXES, suffixStart(text)] : [COUNT_FTS, phraseOf(text)];
      const [row] = await selectRows<{ n: number | string }>(knex, sql, [match, limit]);
      return Number(row?.n ?? 0);
    },

    apply(query: QueryBuilder<Vehicle, Vehicle[]>, text: string, alongSortIndex: boolean) {
      const { sql, values } = condition(query.knex(), text, alongSortIndex);
      query.whereRaw(sql, values);
    },

    condition,
  };
}

/** Every company's vehicles (the super admin's list). */
export const vehicleSearchIndex: IndexedSearch = searchIndex();

/** One company's vehicles (its staff's list). */
export const vehicleSearchIndexOf = (companyId: number): IndexedSearch => searchIndex(companyId);
