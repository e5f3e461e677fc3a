import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest } from '../src/db';
import { CHUNK_BYTES, readChunks, writeChunks } from '../src/services/files/chunks';
import { ENGINES, createTestDatabase, type TestDatabase } from './support/engines';

describe.each(ENGINES)('file chunks on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  let documentId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb(database.url);
    await migrateLatest(db);
    const [companyId] = await db('companies').insert({ name: 'Chunks', code: 'CHK', active: true, createdAt: new Date().toISOString() });
    [documentId] = await db('documents').insert({ companyId, fileName: 'big.bin', mimeType: 'application/octet-stream', fileSize: 0, createdAt: new Date().toISOString() });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  // On SQLite each insert runs synchronously: without a pause between chunks, storing a large file
  // would hold every other request (timers, sockets) until the whole file was written.
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
