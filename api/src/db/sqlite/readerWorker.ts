/*
 * One reader thread (readerPool.ts starts them): its own read-only better-sqlite3 connection, one
 * query at a time, the rows posted back.
 *
 * Messages in: ReaderRequest and 'close'. Out: 'ready' once the connection is open, { failed }
 * if it cannot be, then a ReaderReply per request: ms is how long SQLite took, bytes how much
 * text and BLOB it answered. A BLOB (a file chunk of 1 MiB) that owns its memory is moved to the
 * main thread, not copied; `blobs` tells the main thread to turn such values back into Buffers.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { KeptStatements } from './keptStatements';

export type ReaderWorkerData = { filename: string; pragmas: string[] };
export type ReaderRequest = { id: number; sql: string; params: unknown[]; safeIntegers?: boolean };
export type ErrorShape = { name?: string; message: string; code?: string };
export type ReaderReply =
  | 'ready'
  | { failed: ErrorShape }
  | { id: number; rows: Record<string, unknown>[]; blobs: boolean; ms: number; bytes: number }
  | { id: number; error: ErrorShape };

const port = parentPort!;
const { filename, pragmas } = workerData as ReaderWorkerData;
const reply = (message: ReaderReply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

const describe = (error: unknown): ErrorShape => {
  const e = error as { name?: string; message?: string; code?: string } | undefined;
  return { name: e?.name, message: String(e?.message ?? error), code: e?.code };
};

function blobsOf(rows: Record<string, unknown>[]) {
  const transfer: ArrayBuffer[] = [];
  let blobs = false;
  let bytes = 0;
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'string') bytes += value.length;
      if (!(value instanceof Uint8Array)) continue;
      blobs = true;
      bytes += value.byteLength;
      const buffer = value.buffer as ArrayBuffer;
      if (value.byteOffset === 0 && value.byteLength === buffer.byteLength && !transfer.includes(buffer)) transfer.push(buffer);
    }
  }
  return { blobs, bytes, transfer };
}

function open(): Database.Database | undefined {
  try {
    const db = new Database(filename, { readonly: true, fileMustExist: true });
    for (const pragma of pragmas) db.pragma(pragma);
    return db;
  } catch (error) {
    reply({ failed: describe(error) });
    port.close();
    return undefined;
  }
}

function serve(db: Database.Database) {
  // SQLite prepares a kept statement again by itself after a schema change.
  const statements = new KeptStatements(db);
  port.on('message', (message: ReaderRequest | 'close') => {
    if (message === 'close') {
      db.close();
      port.close();
      return;
    }
    const { id, sql, params, safeIntegers } = message;
    let rows: Record<string, unknown>[];
    const started = performance.now();
    try {
      const statement = statements.get(sql);
      statement.safeIntegers(safeIntegers === true);
      rows = statement.all(...params) as Record<string, unknown>[];
    } catch (error) {
      reply({ id, error: describe(error) });
      return;
    }
    const ms = performance.now() - started;
    const { blobs, bytes, transfer } = blobsOf(rows);
    try {
      reply({ id, rows, blobs, ms, bytes }, transfer);
    } catch {
      // A buffer that cannot be moved is copied instead.
      reply({ id, rows, blobs, ms, bytes });
    }
  });
  reply('ready');
}

const db = open();
if (db) serve(db);
