import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { storeRecordFiles } from '../src/resources/files/store';
import { User } from '../src/resources/users/model';
import { createFileStorages, type StoredFile } from '../src/services/storage';
import { databaseStorage } from '../src/services/storage/database';
import { migrateFiles } from '../src/services/storage/migrate';
import { ORPHAN_AGE_MS, sweepPendingKeys } from '../src/services/storage/sweep';
import { s3KeysOf } from '../src/resources/files/objects';
import { writeTransaction } from '../src/resources/writeTransaction';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { pdf, png } from './support/fixtures';
import { binary } from './support/binaryBody';
import { objectKeys, putForeignObject, startS3Server, type S3Server } from './support/s3Server';
import { ROOT } from './support/serverProcess';

const run = promisify(execFile);

describe('STORAGE_URL', () => {
  const base = { SESSION_SECRET: 'test-secret-test-secret-test-secret' };
  it('is the database by default, and an S3 bucket with its endpoint, region, path style and the AWS credentials', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'db' });
    const s3 = loadConfig({ ...base, STORAGE_URL: 's3://car-photos?endpoint=http://minio.lan:9000/&region=eu-west-1&forcePathStyle=true', AWS_ACCESS_KEY_ID: 'AKIA', AWS_SECRET_ACCESS_KEY: 'secret' }).storage;
    expect(s3).toEqual({ kind: 's3', bucket: 'car-photos', endpoint: 'http://minio.lan:9000', region: 'eu-west-1', forcePathStyle: true, sweepOrphans: true, credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' } });
    // The sweep is on by default (it removes only keys this database recorded); `true`, which
    // once turned on a sweep that listed the bucket, still starts; `false` turns it off.
    expect(loadConfig({ ...base, STORAGE_URL: 's3://car-photos?sweepOrphans=true' }).storage).toMatchObject({ kind: 's3', sweepOrphans: true });
    expect(loadConfig({ ...base, STORAGE_URL: 's3://car-photos?sweepOrphans=false' }).storage).toMatchObject({ kind: 's3', sweepOrphans: false });
  });

  it.each([
    ['ftp://bucket', 'use db: or s3://'],
    ['s3://Bad_Bucket', 'is not a bucket name'],
    ['s3://bucket/folder', 'no path'],
    ['s3://bucket?endpont=http://x', 'unknown parameter "endpont"'],
    ['s3://bucket?endpoint=minio:9000', 'must be an http:// or https:// URL'],
    ['s3://bucket?forcePathStyle=yes', 'forcePathStyle is true or false'],
    ['s3://bucket?sweepOrphans=1', 'sweepOrphans is true or false'],
    ['s3://key:secret@bucket', 'AWS_ACCESS_KEY_ID'],
  ])('refuses %s, naming STORAGE_URL', (value, message) => {
    expect(() => loadConfig({ ...base, STORAGE_URL: value })).toThrow(/^Invalid configuration: STORAGE_URL: /);
    expect(() => loadConfig({ ...base, STORAGE_URL: value })).toThrow(message);
  });

  it('refuses one AWS credential without the other', () => {
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(/STORAGE_URL: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  });
});

describe.each(ENGINES)('files in S3 storage on %s', (engine) => {
  let s3: S3Server;
  let t: TestApp;
  let w: World;
  const vehicle = async () => Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
  const upload = (url: string, files: { body: Buffer; name: string }[]) => {
    const req = w.clients.SHIPPER.post(url);
    for (const f of files) req.attach('file', f.body, { filename: f.name, contentType: 'application/octet-stream' });
    return req;
  };
  /** The S3 keys (one per file) the bucket holds objects of. */
  const storedKeys = async () => new Set((await objectKeys(s3)).map((key) => key.split('/')[1]));
  /** The keys recorded as in flight (storage_pending_keys), with what each was. */
  const pendingKeys = async () => new Map(((await t.db('storage_pending_keys').select('storageKey', 'kind')) as { storageKey: string; kind: string }[]).map((row) => [row.storageKey, row.kind]));
  const keyOf = async (id: number) => (await t.db('vehicle_files').where({ id }).first('storageKey')).storageKey as string;
  const A_DAY_LATER = () => Date.now() + ORPHAN_AGE_MS + 60_000;
  const s3Storage = () => t.app.fileStorages.s3!;
  const download = (car: number, fileId: number) => w.clients.SHIPPER.get(`/api/vehicles/${car}/files/${fileId}/download`).buffer(true).parse(binary);
  /** An upload of one PNG for a vehicle, straight to storeRecordFiles, through `storage`. */
  const storeDirect = async (storage: Parameters<typeof storeRecordFiles>[1], vehicleId: number) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'vx-upload-'));
    const bytes = await png();
    const file = { path: path.join(folder, 'a.png'), name: 'a.png', size: bytes.length };
    writeFileSync(file.path, bytes);
    const uploader = await User.query(t.db).findById(w.shipper.id);
    try {
      return await storeRecordFiles(t.db, storage, [file], { vehicleId }, w.companyA.id, uploader!, 10_000_000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine, s3.env);
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('leaves neither a row nor an object, nor a record, when the row’s transaction fails', async () => {
    const before = await objectKeys(s3);
    const rows = Number((await t.db('vehicle_files').count({ n: '*' }))[0].n);
    // A vehicle that is not there: the objects are written, then the row's insert fails (foreign key).
    await expect(storeDirect(t.app.fileStorages.current, 999_999)).rejects.toThrow();
    expect(Number((await t.db('vehicle_files').count({ n: '*' }))[0].n)).toBe(rows);
    expect(await objectKeys(s3)).toEqual(before);
    expect(await pendingKeys()).toEqual(new Map());
  });

  it('keeps the key of an upload stopped after its objects were written, and the sweep removes them a day later', async () => {
    const car = await vehicle();
    // The row's insert fails (no such vehicle) and the process stops before it could remove
    // the objects: what a crash between the objects and the row leaves.
    const current = t.app.fileStorages.current;
    const stopping: typeof current = {
      ...current,
      async stage(variants) {
        const staged = await current.stage(variants);
        return { ...staged, discard: () => Promise.reject(new Error('the process stopped')) };
      },
    };
    await expect(storeDirect(stopping, 999_999)).rejects.toThrow();
    const [[orphanKey, kind]] = [...(await pendingKeys())];
    expect(kind).toBe('upload');
    expect((await storedKeys()).has(orphanKey)).toBe(true);
    // A committed file beside it.
    const [kept] = await storeDirect(current, car);
    const keptKey = await keyOf(kept.id);
    expect((await pendingKeys()).has(keptKey)).toBe(false); // its record went with its row's insert

    // Young: an upload may still be on its way to its row.
    expect(await sweepPendingKeys(s3Storage())).toEqual({ removed: 0 });
    expect((await storedKeys()).has(orphanKey)).toBe(true);
    expect(await sweepPendingKeys(s3Storage(), { now: A_DAY_LATER() })).toEqual({ removed: 1 });
    const left = await storedKeys();
    expect(left.has(orphanKey)).toBe(false);
    expect(left.has(keptKey)).toBe(true);
    expect(await pendingKeys()).toEqual(new Map());
    expect((await download(car, kept.id)).status).toBe(200);
  });

  it('never sweeps a committed file, nor an object this database did not record (another install’s in the same bucket)', async () => {
    const car = await vehicle();
    const res = await upload(`/api/vehicles/${car}/files`, [{ body: await png(), name: 'kept.png' }, { body: pdf(), name: 'kept.pdf' }]);
    expect(res.status).toBe(201);
    const keys = await Promise.all((res.body as { id: number }[]).map((f) => keyOf(f.id)));
    const foreign = randomUUID();
    await putForeignObject(s3, foreign);
    for (const key of keys) expect((await pendingKeys()).has(key)).toBe(false);

    // A month later, however old the objects are.
    expect(await sweepPendingKeys(s3Storage(), { now: Date.now() + 30 * ORPHAN_AGE_MS })).toEqual({ removed: 0 });
    const left = await storedKeys();
    for (const key of [...keys, foreign]) expect(left.has(key)).toBe(true);
    for (const f of res.body as { id: number }[]) expect((await download(car, f.id)).status).toBe(200);
  });

  it('records a delete’s keys with it: stopped after the commit, the sweep removes the objects; rolled back, nothing is recorded', async () => {
    const car = await vehicle();
    const [gone, stays] = (await upload(`/api/vehicles/${car}/files`, [{ body: await png(), name: 'gone.png' }, { body: pdf(), name: 'stays.pdf' }])).body as { id: number }[];
    const [goneKey, staysKey] = [await keyOf(gone.id), await keyOf(stays.id)];
    // The delete commits, and the process stops before removing the objects.
    await writeTransaction(t.db, async (trx) => {
      await s3KeysOf(trx, (q) => q.where({ id: gone.id }));
      await trx('vehicle_files').where({ id: gone.id }).delete();
    });
    // A delete that rolls back.
    await expect(
      writeTransaction(t.db, async (trx) => {
        await s3KeysOf(trx, (q) => q.where({ id: stays.id }));
        await trx('vehicle_files').where({ id: stays.id }).delete();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await pendingKeys()).toEqual(new Map([[goneKey, 'removal']]));
    expect((await storedKeys()).has(goneKey)).toBe(true);

    expect(await sweepPendingKeys(s3Storage(), { now: A_DAY_LATER() })).toEqual({ removed: 1 });
    const left = await storedKeys();
    expect(left.has(goneKey)).toBe(false);
    expect(left.has(staysKey)).toBe(true);
    expect((await download(car, stays.id)).status).toBe(200);
    expect(await pendingKeys()).toEqual(new Map());
  });

  it('refuses the row of an upload whose key the sweep took (an upload that lasted a day)', async () => {
    const car = await vehicle();
    const staged = await t.app.fileStorages.current.stage({ original: pdf() });
    expect(await sweepPendingKeys(s3Storage(), { now: A_DAY_LATER() })).toEqual({ removed: 1 });
    const rows = Number((await t.db('vehicle_files').count({ n: '*' }))[0].n);
    await expect(
      writeTransaction(t.db, async (trx) => {
        const [id] = await trx('vehicle_files').insert({
          vehicleId: car, companyId: w.companyA.id, fileType: 'DOCUMENT', fileName: 'late.pdf', mimeType: 'application/pdf',
          fileSize: 10, uploadedBy: w.shipper.id, ...staged.columns, createdAt: new Date().toISOString(),
        });
        await staged.write(trx, Number(id));
      }),
    ).rejects.toThrow(/no longer in flight/);
    expect(Number((await t.db('vehicle_files').count({ n: '*' }))[0].n)).toBe(rows);
  });

  it('lets two sweepers at once remove each key once, while requests are answered', async () => {
    const car = await vehicle();
    const [kept] = (await upload(`/api/vehicles/${car}/files`, [{ body: await png(), name: 'kept.png' }])).body as { id: number }[];
    const orphans: string[] = [];
    for (let i = 0; i < 12; i++) orphans.push((await t.app.fileStorages.current.stage({ original: pdf() })).columns.storageKey!);
    const deleted: string[] = [];
    const counting = {
      pending: s3Storage().pending,
      async deleteFiles(keys: string[]) {
        deleted.push(...keys);
        await s3Storage().deleteFiles(keys);
      },
    };
    const now = A_DAY_LATER();
    const [a, b, answer] = await Promise.all([
      sweepPendingKeys(counting, { now, sweeper: 'sweeper-a' }),
      sweepPendingKeys(counting, { now, sweeper: 'sweeper-b' }),
      download(car, kept.id),
    ]);
    expect(a.removed + b.removed).toBe(orphans.length);
    expect(deleted.sort()).toEqual([...orphans].sort()); // each key once, by one of them
    expect(answer.status).toBe(200);
    const left = await storedKeys();
    for (const key of orphans) expect(left.has(key)).toBe(false);
    expect(left.has(await keyOf(kept.id))).toBe(true);
    expect(await pendingKeys()).toEqual(new Map());
  });

  it('removes the objects of a deleted vehicle and of a deleted container after the delete', async () => {
    const car = await vehicle();
    const box = Number((await t.db('containers').insert({ number: `STOR${String(Date.now()).slice(-7)}`, companyId: w.companyA.id, createdAt: new Date().toISOString() }))[0]);
    const onCar = (await upload(`/api/vehicles/${car}/files`, [{ body: await png(), name: 'a.png' }, { body: pdf(), name: 'b.pdf' }])).body;
    const inBox = (await upload(`/api/containers/${box}/files`, [{ body: await png(), name: 'c.png' }])).body;
    const carKeys = await Promise.all(onCar.map((f: { id: number }) => keyOf(f.id)));
    const boxKey = await keyOf(inBox[0].id);
    for (const key of [...carKeys, boxKey]) expect((await storedKeys()).has(key)).toBe(true);

    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${car}`)).status).toBe(200);
    for (const key of carKeys) expect((await storedKeys()).has(key)).toBe(false);
    expect((await storedKeys()).has(boxKey)).toBe(true);
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/containers/${box}`)).status).toBe(200);
    expect((await storedKeys()).has(boxKey)).toBe(false);
    expect(await pendingKeys()).toEqual(new Map()); // removed after the commit: nothing left to sweep
  });
});

describe.each(ENGINES)('npm run storage:migrate on %s', (engine) => {
  let s3: S3Server;
  let t: TestApp;
  let w: World;
  const originals = new Map<number, Buffer>();

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine); // files in the database, as before S3
    w = await seedWorld(t);
    const car = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    const bodies = [await png(300, 200), pdf(3 * 1024 * 1024), await png(200, 300), pdf()];
    const req = w.clients.SHIPPER.post(`/api/vehicles/${car}/files`);
    bodies.forEach((body, i) => req.attach('file', body, { filename: `f${i}.${body[0] === 0x25 ? 'pdf' : 'png'}`, contentType: 'application/octet-stream' }));
    const res = await req;
    expect(res.status).toBe(201);
    // Images are stored re-encoded: compare with what the API answers, not with what was sent.
    for (const f of res.body as { id: number }[]) originals.set(f.id, await buffer(databaseStorage.open(t.db, { id: f.id, storage: 'db', storageKey: null }, 'original')));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const rows = () => t.db('vehicle_files').whereIn('id', [...originals.keys()]).orderBy('id').select('id', 'storage', 'storageKey') as Promise<StoredFile[]>;
  const chunkRows = async () => Number((await t.db('file_chunks').whereIn('vehicleFileId', [...originals.keys()]).count({ n: '*' }))[0].n);

  it('copies every file to S3, resumes where a stopped run left off, and back to the database', async () => {
    const fromDb = createFileStorages({ kind: 'db' }, { db: t.db });
    const toS3 = s3.storagesOn(t.db);
    // A run stopped after its first file: that file is in S3, the others still in the database.
    const stop = new Error('stopped');
    await expect(migrateFiles(t.db, fromDb, toS3.current, () => { throw stop; })).rejects.toBe(stop);
    expect((await rows()).map((r) => r.storage)).toEqual(['s3', 'db', 'db', 'db']);

    // The command itself resumes: only the three left are copied.
    const database = t.config.databaseUrl;
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'storage', 'migrate', '--to', s3.env.STORAGE_URL], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database, SESSION_SECRET: 'x'.repeat(32), AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', STORAGE_URL: 'db:' },
    });
    expect(stdout).toContain('Copying 3 file(s)');
    expect(stdout).toContain('Done: 3 copied');
    const moved = await rows();
    expect(moved.every((r) => r.storage === 's3' && r.storageKey)).toBe(true);
    expect(new Set(moved.map((r) => r.storageKey)).size).toBe(4);
    expect(await chunkRows()).toBe(0); // the database no longer holds their bytes
    for (const row of moved) expect((await buffer(toS3.of(row).open(t.db, row, 'original'))).equals(originals.get(row.id)!)).toBe(true);
    // An image's viewer copy and thumbnail moved too.
    const image = moved[0];
    expect(await toS3.s3!.has(t.db, image, 'thumbnail')).toBe(true);

    // Nothing left to copy: a second run changes nothing.
    expect(await migrateFiles(t.db, fromDb, toS3.current)).toEqual({ copied: 0, vanished: 0 });

    // And back: S3 is where they are read from (STORAGE_URL), the database where they go.
    expect(await migrateFiles(t.db, toS3, databaseStorage)).toEqual({ copied: 4, vanished: 0 });
    const home = await rows();
    expect(home.every((r) => r.storage === 'db' && r.storageKey === null)).toBe(true);
    for (const row of home) expect((await buffer(databaseStorage.open(t.db, row, 'original'))).equals(originals.get(row.id)!)).toBe(true);
    expect(await objectKeys(s3)).toEqual([]); // their objects went after each commit
    expect(Number((await t.db('storage_pending_keys').count({ n: '*' }))[0].n)).toBe(0); // and their records with them
  });
});
