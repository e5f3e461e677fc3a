import type { Knex } from 'knex';
import { Model, type Pojo } from 'objection';

/**
 * What every table shares: ISO 8601 UTC createdAt set on insert, and booleans, which both
 * engines hand back as 0/1, turned back into true/false.
 */
export class BaseModel extends Model {
  declare id: number;

  static booleanColumns: string[] = [];
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
    for (const column of (this.constructor as typeof BaseModel).booleanColumns) {
      if (column in parsed && parsed[column] !== null) parsed[column] = Boolean(parsed[column]);
    }
    return parsed;
  }
}
