import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { isMysql } from '../../db';
import { escapeLike } from '../../http/listPlan';
import type { IndexedSearch } from '../../http/listQuery';
import type { Vehicle } from './model';

/** The indexes hold substrings of three characters or more; shorter texts are a LIKE. */
const MIN_INDEXED_LENGTH = 3;

/** The text as one quoted phrase of SQLite's trigram index. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** On MySQL/MariaDB, the start of an indexed suffix. */
const suffixStart = (text: string) => `${escapeLike(text)}%`;

/**
 * The vehicle list's free-text search (filter.q) from the search index of migration
 * 20261125000200, with the meaning of the LIKE it replaces: any part of the VIN, make or model,
 * whatever the case, with % and _ taken literally. On SQLite the text is one quoted phrase of the
 * trigram index (one entry per vehicle); on MySQL/MariaDB, the start of an indexed suffix (a
 * vehicle has one row per suffix, so its matches are counted distinct).
 */
export const vehicleSearchIndex: IndexedSearch = {
  answers: (text) => [...text].length >= MIN_INDEXED_LENGTH,

  // Plain knex: the index is no resource's table, only a way to find vehicles. The matches are
  // counted up to `limit`: a make's hundred thousand matches cost a page's worth, not a count.
  async count(knex: Knex, text: string, limit: number) {
    const matches = isMysql(knex)
      ? knex('vehicle_search_suffixes').where('suffix', 'like', knex.raw(`? escape '!'`, [suffixStart(text)])).distinct('vehicleId').limit(limit)
      : knex('vehicles_search').whereRaw('vehicles_search match ?', [ftsPhrase(text)]).select(knex.raw('1')).limit(limit);
    const [row] = await knex.count({ n: '*' }).from(matches.as('matches'));
    return Number((row as { n?: number | string } | undefined)?.n ?? 0);
  },

  apply(query: QueryBuilder<Vehicle, Vehicle[]>, text: string, alongSortIndex: boolean) {
    if (isMysql(query.knex())) {
      // MariaDB's optimizer weighs the suffix index's statistics and reads a common text's page
      // along the sort's index by itself (a semi-join on the matches, read once).
      query.whereRaw(`?? in (select ?? from ?? where ?? like ? escape '!')`, ['vehicles.id', 'vehicleId', 'vehicle_search_suffixes', 'suffix', suffixStart(text)]);
    } else {
      // SQLite cannot tell how many rows a full-text match gives, and lets it drive. `+id` keeps
      // the id's index from doing so: the sort's index is read in order, each row looked up in the
      // matches (read once, behind a Bloom filter).
      const id = alongSortIndex ? '+??' : '??';
      query.whereRaw(`${id} in (select rowid from vehicles_search where vehicles_search match ?)`, ['vehicles.id', ftsPhrase(text)]);
    }
  },
};
