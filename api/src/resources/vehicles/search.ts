import type { QueryBuilder } from 'objection';
import { isMysql } from '../../../../migrations/helpers';
import { escapeLike } from '../../http/listQuery';
import type { Vehicle } from './model';

/** The indexes hold substrings of three characters or more; shorter texts are a LIKE. */
const MIN_INDEXED_LENGTH = 3;

/**
 * The vehicle list's free-text search (filter.q) from the search index of migration
 * 20261125000200, with the meaning of the LIKE it replaces: any part of the VIN, make or model,
 * whatever the case, with % and _ taken literally. On SQLite the text is one quoted phrase of the
 * trigram index; on MySQL/MariaDB, the start of an indexed suffix. Answers false where it does not
 * apply (shorter texts), and the list searches the columns.
 */
export function searchVehicleIndex(query: QueryBuilder<Vehicle, Vehicle[]>, text: string): boolean {
  if ([...text].length < MIN_INDEXED_LENGTH) return false;
  if (isMysql(query.knex())) {
    query.whereRaw(`?? in (select ?? from ?? where ?? like ? escape '!')`, ['vehicles.id', 'vehicleId', 'vehicle_search_suffixes', 'suffix', `${escapeLike(text)}%`]);
  } else {
    query.whereRaw('?? in (select rowid from vehicles_search where vehicles_search match ?)', ['vehicles.id', `"${text.replaceAll('"', '""')}"`]);
  }
  return true;
}
