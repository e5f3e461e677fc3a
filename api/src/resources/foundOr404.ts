import type { Model, QueryBuilder } from 'objection';
import { notFound } from '../http/errors';

/**
 * The row with this id among those `query` reaches (its scope applied), or the 404 every
 * resource answers alike for a row that does not exist and for one the caller may not see.
 */
export async function foundOr404<M extends Model>(query: QueryBuilder<M, M[]>, id: number, message: string): Promise<M> {
  const row = await query.findById(id);
  if (!row) throw notFound(message);
  return row as M;
}
