/*
 * One reader thread: its own read-only better-sqlite3 connection, one query at a time, the rows
 * posted back. Plain JavaScript evaluated as it is (as the checkpoint worker is): it starts in
 * milliseconds, with no TypeScript loader, in the server, the tests, the command-line tools and
 * the compiled build alike.
 *
 * Messages in: { id, sql, params (as statement.all takes them), safeIntegers? } and 'close'. Out: 'ready' once the
 * connection is open, { failed: error } if it cannot be, { id, rows, blobs, ms, bytes } or
 * { id, error }: ms is how long SQLite took, bytes how much text and BLOB it answered.
 * A BLOB (a file chunk of 1 MiB) that owns its memory is moved to the main thread, not copied;
 * `blobs` tells the main thread to turn such values back into Buffers.
 */
export const READER_WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);

// Prepared statements by SQL text, the oldest dropped past 200: knex sends the same few texts
// again and again. SQLite prepares a statement again by itself after a schema change.
const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > 200) statements.delete(statements.keys().next().value);
  return statement;
}

const describe = (error) => ({ name: error && error.name, message: String((error && error.message) || error), code: error && error.code });

function blobsOf(rows) {
  const transfer = [];
  let blobs = false;
  let bytes = 0;
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'string') bytes += value.length;
      if (!(value instanceof Uint8Array)) continue;
      blobs = true;
      bytes += value.byteLength;
      if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && !transfer.includes(value.buffer)) transfer.push(value.buffer);
    }
  }
  return { blobs, bytes, transfer };
}

let db;
try {
  db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
  for (const pragma of workerData.pragmas) db.pragma(pragma);
} catch (error) {
  db = undefined;
  parentPort.postMessage({ failed: describe(error) });
  parentPort.close();
}

if (db) {
  parentPort.on('message', (message) => {
    if (message === 'close') {
      db.close();
      parentPort.close();
      return;
    }
    const { id, sql, params, safeIntegers } = message;
    let rows;
    const started = performance.now();
    try {
      const statement = prepared(sql);
      statement.safeIntegers(safeIntegers === true);
      rows = statement.all(...params);
    } catch (error) {
      parentPort.postMessage({ id, error: describe(error) });
      return;
    }
    const ms = performance.now() - started;
    const { blobs, bytes, transfer } = blobsOf(rows);
    try {
      parentPort.postMessage({ id, rows, blobs, ms, bytes }, transfer);
    } catch {
      // A buffer that cannot be moved is copied instead.
      parentPort.postMessage({ id, rows, blobs, ms, bytes });
    }
  });
  parentPort.postMessage('ready');
}
`;
