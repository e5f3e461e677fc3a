import { createRequire } from 'node:module';
import { BUMP_DATA_VERSION, isMissingVersionTable, statementKind } from './dataVersion';

// knex ships its dialects as CommonJS classes without a typed entry point of their own.
const require = createRequire(import.meta.url);
const ClientMySQL2 = require('knex/lib/dialects/mysql2/index.js');

type QueryObject = { sql: string; bindings?: unknown[]; options?: object; response?: unknown };
type Connection = {
  execute(options: object, values: unknown[], callback: (err: Error | null, rows: unknown, fields: unknown) => void): void;
};

/** Per connection: whether a transaction is open, and whether it has changed data. */
const transactions = new WeakMap<Connection, { changed: boolean }>();

/** DDL commits on its own in MySQL: it cannot share a transaction with its new version. */
const DDL = /^\s*(create|alter|drop|truncate|rename)\b/i;

/**
 * knex's mysql2 client, with two changes:
 * - Statements that carry bytes (file chunks) go as prepared statements. knex formats every query
 *   into SQL text on the client: a 1 MiB chunk became a 2 MiB hex literal, built on the event loop
 *   (15 to 30 ms each) and leaving large strings for the garbage collector. With `execute`,
 *   mysql2 writes the bytes into the packet as they are.
 * - Every change moves the data version on, in the change's own transaction (dataVersion.ts).
 *   The new version is written just before COMMIT, so its row is locked only while committing
 *   and two transactions can never wait on each other through it.
 */
export class MysqlClient extends ClientMySQL2 {
  async _query(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    if (!obj?.sql || !connection) return super._query(connection, obj);
    const kind = statementKind(obj.sql);
    const open = transactions.get(connection);
    if (kind === 'begin') transactions.set(connection, { changed: false });
    if (kind === 'commit' || kind === 'rollback') transactions.delete(connection);
    if (kind === 'commit' && open?.changed) {
      try {
        await this.bumpDataVersion(connection);
      } catch (error) {
        // Never hand the connection back to the pool with the transaction still open.
        await super._query(connection, { sql: 'ROLLBACK' }).catch(() => undefined);
        throw error;
      }
    }
    if (kind !== 'change') return this.runStatement(connection, obj);
    if (open) {
      open.changed = true;
      return this.runStatement(connection, obj);
    }
    if (DDL.test(obj.sql)) {
      const result = await this.runStatement(connection, obj);
      await this.bumpDataVersion(connection);
      return result;
    }
    // A change on its own is committed together with its new version.
    await super._query(connection, { sql: 'START TRANSACTION' });
    try {
      const result = await this.runStatement(connection, obj);
      await this.bumpDataVersion(connection);
      await super._query(connection, { sql: 'COMMIT' });
      return result;
    } catch (error) {
      await super._query(connection, { sql: 'ROLLBACK' }).catch(() => undefined);
      throw error;
    }
  }

  private async bumpDataVersion(connection: Connection) {
    try {
      await super._query(connection, { sql: BUMP_DATA_VERSION });
    } catch (error) {
      if (!isMissingVersionTable(error)) throw error;
    }
  }

  private runStatement(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.bindings?.some((value) => Buffer.isBuffer(value))) return super._query(connection, obj);
    return new Promise((resolve, reject) => {
      connection.execute({ sql: obj.sql, ...obj.options }, obj.bindings!, (err, rows, fields) => {
        if (err) return reject(err);
        obj.response = [rows, fields];
        resolve(obj);
      });
    });
  }
}
