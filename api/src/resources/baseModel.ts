import type { Knex } from 'knex';
import { Model, type Pojo, type QueryBuilder } from 'objection';
import { seesEveryCompany } from '../domain/permissions';
import type { Role } from '../domain/roles';

/** Whose records a query is narrowed to: the signed-in user (DESIGN.md §4). */
export type Viewer = { id: number; role: Role | null; companyId: number | null };

/** Any objection query, whatever its model and result. */
export type AnyQuery = QueryBuilder<any, any>;

/**
 * The company scope, the one place it becomes SQL: a SUPER_ADMIN sees every company's rows,
 * everyone else their own company's, and a user without a company none.
 */
export function whereInCompanyOf<Q extends AnyQuery>(query: Q, column: string, viewer: Viewer): Q {
  if (seesEveryCompany(viewer.role)) return query;
  if (viewer.companyId === null) return query.whereRaw('1 = 0') as Q;
  return query.where(column, viewer.companyId) as Q;
}

/**
 * What every table shares: ISO 8601 UTC createdAt set on insert, booleans and counts, which the
 * engines hand back as 0/1 and as text (MySQL's COUNT and DECIMAL), turned into true/false and
 * numbers. JSON columns are the models' `jsonAttributes`, parsed and written by objection.
 */
export class BaseModel extends Model {
  declare id: number;

  static booleanColumns: string[] = [];
  /** Columns and joined counts that must be numbers in every answer (bigint, DECIMAL, COUNT). */
  static numberColumns: string[] = [];
  static hasCreatedAt = true;

  $beforeInsert() {
    const self = this as unknown as { createdAt?: string };
    if ((this.constructor as typeof BaseModel).hasCreatedAt && !self.createdAt) self.createdAt = new Date().toISOString();
  }

  /** patchAndFetch that accepts an empty patch (a PATCH with nothing to change answers the record). */
  async $patchAndFetchFields(this: this, db: Knex, fields: Record<string, unknown>): Promise<this> {
    return Object.keys(fields).length ? ((await this.$query(db).patchAndFetch(fields as never)) as this) : this;
  }

  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    const model = this.constructor as typeof BaseModel;
    for (const column of model.booleanColumns) {
      if (column in parsed && parsed[column] !== null) parsed[column] = Boolean(parsed[column]);
    }
    for (const column of model.numberColumns) {
      if (column in parsed && parsed[column] !== null) parsed[column] = Number(parsed[column]);
    }
    return parsed;
  }
}
