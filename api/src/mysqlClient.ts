import { createRequire } from 'node:module';

// knex ships its dialects as CommonJS classes without a typed entry point of their own.
const require = createRequire(import.meta.url);
const ClientMySQL2 = require('knex/lib/dialects/mysql2/index.js');

type QueryObject = { sql: string; bindings?: unknown[]; options?: object; response?: unknown };
type Connection = {
  execute(options: object, values: unknown[], callback: (err: Error | null, rows: unknown, fields: unknown) => void): void;
};

/**
 * knex's mysql2 client, sending the statements that carry bytes (file chunks) as prepared
 * statements. knex formats every query into SQL text on the client: a 1 MiB chunk became a 2 MiB
 * hex literal, built on the event loop (15 to 30 ms each) and leaving large strings for the
 * garbage collector. With `execute`, mysql2 writes the bytes into the packet as they are.
 */
export class MysqlClient extends ClientMySQL2 {
  _query(connection: Connection, obj: QueryObject) {
    if (!obj?.sql || !obj.bindings?.some((value) => Buffer.isBuffer(value))) return super._query(connection, obj);
    return new Promise((resolve, reject) => {
      connection.execute({ sql: obj.sql, ...obj.options }, obj.bindings!, (err, rows, fields) => {
        if (err) return reject(err);
        obj.response = [rows, fields];
        resolve(obj);
      });
    });
  }
}
