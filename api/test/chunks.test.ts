import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, migrateLatest } from '../src/db';
import { CHUNK_BYTES, readChunks, writeChunks } from '../src/services/files/chunks';
import { createTestDatabase, type TestDatabase } from './support/engines';

// SQLite only: there an insert runs synchronously, on the event loop (MySQL's are asynchronous).
describe('file chunks on SQLite', () => {
  let database: TestDatabase;
  let db: Knex;
  let documentId: number;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = createDb(database.url);
    await migrateLatest(db);
    const [companyId] = await db('companies').insert({ name: 'Chunks', code: 'CHK', active: true, createdAt: new Date().toISOString() });
    [documentId] = await db('documents').insert({ companyId, fileName: 'big.bin', mimeType: 'application/octet-stream', fileSize: 0, createdAt: new Date().toISOString() });
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  // Without a pause between chunks, storing a large file would hold the event loop (timers,
  // sockets) until the whole file was written.
  it('lets other work run between the chunks of a large file, and stores it exactly', async () => {
    const bytes = Buffer.alloc(12 * CHUNK_BYTES);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    let turns = 0;
    let writing = true;
    const tick = () => {
      turns++;
      if (writing) setImmediate(tick);
    };
    setImmediate(tick);
    await db.transaction((trx) => writeChunks(trx, { documentId }, 'original', bytes));
    writing = false;
    expect(turns).toBeGreaterThanOrEqual(10);

    const read: Buffer[] = [];
    for await (const piece of readChunks(db, { documentId }, 'original')) read.push(piece as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
  });
});
