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

/** MySQL's SERVER_STATUS_IN_TRANS flag, in the status every change answers with. */
const IN_TRANSACTION = 0x1;

function inServerTransaction(result: QueryObject): boolean {
  const [header] = (result.response ?? []) as [{ serverStatus?: number }?];
  return header?.serverStatus === undefined || (header.serverStatus & IN_TRANSACTION) !== 0;
}

/**
 * knex's mysql2 client, with two changes:
 * - Statements that carry bytes (file chunks), and queries run with `.options({ prepare: true })`
 *   (the session read of every request), go as prepared statements. knex formats every query
 *   into SQL text on the client: a 1 MiB chunk became a 2 MiB hex literal, built on the event loop
 *   (15 to 30 ms each) and leaving large strings for the garbage collector. With `execute`,
 *   mysql2 writes the bytes into the packet as they are.
 * - Every change moves the data version on, in the change's own transaction (dataVersion.ts).
 *   The new version is written just before COMMIT: transactions queue on its row only while
 *   committing, and since its holder waits for nothing else, they cannot deadlock through it.
 */
export class MysqlClient extends ClientMySQL2 {
  async _query(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    if (!obj?.sql || !connection) return super._query(connection, obj);
    const open = transactions.get(connection);
    switch (statementKind(obj.sql)) {
      case 'begin': {
        const result = await this.runStatement(connection, obj);
        transactions.set(connection, { changed: false });
        return result;
      }
      case 'commit':
        transactions.delete(connection);
        if (open?.changed) await this.rollBackOnFailure(connection, () => this.bumpDataVersion(connection));
        return this.runStatement(connection, obj);
      case 'rollback':
        transactions.delete(connection);
        return this.runStatement(connection, obj);
      case 'unchanged':
        return this.runStatement(connection, obj);
      case 'change':
        break;
    }
    if (!open) return this.changeOnItsOwn(connection, obj);
    const result = await this.runStatement(connection, obj);
    // DDL commits MySQL's transaction by itself, and what follows commits statement by statement.
    if (inServerTransaction(result)) open.changed = true;
    else await this.bumpDataVersion(connection);
    return result;
  }

  /** A change outside a transaction is committed together with its new version. */
  private async changeOnItsOwn(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    if (DDL.test(obj.sql)) {
      const result = await this.runStatement(connection, obj);
      await this.bumpDataVersion(connection);
      return result;
    }
    await super._query(connection, { sql: 'START TRANSACTION' });
    return this.rollBackOnFailure(connection, async () => {
      const result = await this.runStatement(connection, obj);
      await this.bumpDataVersion(connection);
      await super._query(connection, { sql: 'COMMIT' });
      return result;
    });
  }

  /** Never hands the connection back to the pool with a transaction still open. */
  private async rollBackOnFailure<T>(connection: Connection, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
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

  /** Statements with bytes, and those asked for with the `prepare` option, go as prepared statements. */
  private runStatement(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    const { prepare, ...options } = (obj.options ?? {}) as { prepare?: boolean };
    if (!prepare && !obj.bindings?.some((value) => Buffer.isBuffer(value))) return super._query(connection, obj);
    return new Promise((resolve, reject) => {
      connection.execute({ sql: obj.sql, ...options }, obj.bindings ?? [], (err, rows, fields) => {
        if (err) return reject(err);
        obj.response = [rows, fields];
        resolve(obj);
      });
    });
  }
}
