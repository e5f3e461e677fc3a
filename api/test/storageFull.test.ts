import { execFileSync } from 'node:child_process';
import fs, { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeDb, createDb, migrateLatest } from '../src/db';
import { mapDatabaseError } from '../src/http/dbErrors';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { pdf } from './support/fixtures';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * A real small file system: a tmpfs of a few MB (mounting needs root, as the developers' machines
 * and CI run; without it the tests that need one are skipped). `fill` takes all its free space.
 */
function tinyDisk(sizeKb: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vx-tiny-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      // Whole blocks, then the last bytes: nothing is left for anyone.
      for (const size of [64 * 1024, 4096, 512, 1]) {
        for (;;) {
          try {
            writeFileSync(filler, Buffer.alloc(size), { flag: 'a' });
          } catch {
            break;
          }
        }
      }
    },
    free: () => rmSync(filler, { force: true }),
    remove() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
const canMount = (() => {
  const probe = tinyDisk(64);
  probe?.remove();
  return probe !== null;
})();

describe.each(ENGINES)('a full disk on %s', (engine) => {
  let t: TestApp;
  let disk: ReturnType<typeof tinyDisk>;
  let shipper: supertest.Agent;
  let shipperName: string;
  let vehicleId: number;

  beforeAll(async () => {
    disk = canMount ? tinyDisk(1024) : null;
    // The data folder on the 1 MB disk (DISK_FREE_MIN_MB's default is 200).
    t = await startTestApp(engine, disk ? { DATA_DIR: disk.dir } : {});
    const companyId = (await t.company()).id;
    shipperName = (await t.user({ role: 'SHIPPER', companyId })).username;
    shipper = await t.signedIn(shipperName);
    vehicleId = (await shipper.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).body.id;
  });
  afterAll(async () => {
    await t?.close();
    disk?.remove();
  });

  it('answers /api/health 503 with the reason when free space is below DISK_FREE_MIN_MB, 200 otherwise', async () => {
    // Above any real free space: the check reads the file system, it does not guess.
    const withThreshold = (mb: number) => createApp({ db: t.db, config: { ...t.config, dataDir: tmpdir(), diskFreeMinBytes: mb * 1024 * 1024 } });
    const strict = withThreshold(9_000_000);
    const relaxed = withThreshold(0);
    try {
      const res = await supertest(strict.callback()).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable', code: 'storage.full' });
      expect(res.body.message).toMatch(/Free space in .* below the 9000000 MB .*DISK_FREE_MIN_MB/);
      expect((await supertest(relaxed.callback()).get('/api/health')).body).toMatchObject({ status: 'ok' });
    } finally {
      await strict.closeResources();
      await relaxed.closeResources();
    }
    expect(loadConfig({ SESSION_SECRET: 'test-secret-test-secret-test-secret' }).diskFreeMinBytes).toBe(200 * 1024 * 1024);
  });

  it.runIf(canMount)('answers /api/health 503 when the data folder is on a disk with less free space than the default', async () => {
    const res = await t.anon().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('storage.full');
    // The setting, not the path: /api/health is public.
    expect(res.body.message).toMatch(/Free space in the folder of DATA_DIR is \d+ MB/);
    expect(res.body.message).not.toContain(disk!.dir);
  });

  it.runIf(canMount)("answers an upload whose temporary file cannot be written 507 storage.full, keeping nothing", async () => {
    const uploads = tinyDisk(512)!;
    // Uploads in progress are written under DATA_DIR/tmp: an app whose data folder is the full disk.
    const app = createApp({ db: t.db, config: { ...t.config, dataDir: uploads.dir, diskFreeMinBytes: 0 } });
    try {
      const shipper = supertest.agent(app.callback());
      expect((await shipper.post('/api/login').send({ username: shipperName, password: PASSWORD })).status).toBe(200);
      uploads.fill();
      const res = await shipper.post(`/api/vehicles/${vehicleId}/files`).attach('file', pdf(256 * 1024), { filename: 'bill.pdf', contentType: 'application/pdf' });
      expectError(res, 507, 'storage.full');
      expect(res.body.message).toMatch(/out of storage space/);
      expect(await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' })).toEqual([{ n: 0 }]);
      // Space again: the same upload is stored.
      uploads.free();
      const again = await shipper.post(`/api/vehicles/${vehicleId}/files`).attach('file', pdf(256 * 1024), { filename: 'bill.pdf', contentType: 'application/pdf' });
      expect(again.status).toBe(201);
    } finally {
      await app.closeResources();
      uploads.remove();
    }
  });

  it('answers an upload whose temporary file write hangs 507 storage.full after DISK_WRITE_TIMEOUT_MS, keeping nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vx-hung-'));
    const app = createApp({ db: t.db, config: { ...t.config, dataDir, diskFreeMinBytes: 0, diskWriteTimeoutMs: 300 } });
    // The volume under this app's DATA_DIR/tmp hangs, as a stuck network or USB disk does when
    // full: a write there never ends (nor fails). Files elsewhere are written as always.
    const hung = path.join(dataDir, 'tmp');
    const real = fs.createWriteStream;
    const spy = vi
      .spyOn(fs, 'createWriteStream')
      .mockImplementation(((file: fs.PathLike, options?: Parameters<typeof real>[1]) => (String(file).startsWith(hung) ? new Writable({ write() {} }) : real(file, options))) as typeof real);
    try {
      const shipper = supertest.agent(app.callback());
      expect((await shipper.post('/api/login').send({ username: shipperName, password: PASSWORD })).status).toBe(200);
      const before = await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' });
      // The request's own limit only makes a hang fail the test rather than stall it.
      const res = await shipper.post(`/api/vehicles/${vehicleId}/files`).timeout(10_000).attach('file', pdf(256 * 1024), { filename: 'bill.pdf', contentType: 'application/pdf' });
      expectError(res, 507, 'storage.full');
      expect(await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' })).toEqual(before);
      expect(existsSync(hung) ? readdirSync(hung) : []).toEqual([]);
      // The disk answers again: the same upload is stored (by an app with the default deadline:
      // 300 ms is short enough for a busy machine's own disk to miss).
      spy.mockRestore();
      const recovered = createApp({ db: t.db, config: { ...t.config, dataDir, diskFreeMinBytes: 0 } });
      try {
        const again = supertest.agent(recovered.callback());
        expect((await again.post('/api/login').send({ username: shipperName, password: PASSWORD })).status).toBe(200);
        expect((await again.post(`/api/vehicles/${vehicleId}/files`).attach('file', pdf(256 * 1024), { filename: 'bill.pdf', contentType: 'application/pdf' })).status).toBe(201);
      } finally {
        await recovered.closeResources();
      }
    } finally {
      spy.mockRestore();
      await app.closeResources();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(canMount && engine === 'sqlite')('answers a write to a SQLite database on a full disk 507 at once, storing nothing half', async () => {
    const dbDisk = tinyDisk(4096)!;
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(dbDisk.dir, 'full.sqlite')}`, SESSION_SECRET: 'test-secret-test-secret-test-secret', LOG_LEVEL: 'silent', ADMIN_DIST: './test-results/no-console', DATA_DIR: dbDisk.dir, DISK_FREE_MIN_MB: '0' });
    const db = createDb(config.databaseUrl);
    const app = createApp({ db, config });
    try {
      await migrateLatest(db);
      const [companyId] = await db('companies').insert({ name: 'Full Disk Motors', code: 'FDM', active: true, createdAt: new Date().toISOString() });
      const hash = (await db('users').first('passwordHash')) ?? { passwordHash: (await t.db('users').first('passwordHash')).passwordHash };
      await db('users').insert({ username: 'full@example.com', passwordHash: hash.passwordHash, role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: new Date().toISOString() });
      const agent = supertest.agent(app.callback());
      expect((await agent.post('/api/login').send({ username: 'full@example.com', password: PASSWORD })).status).toBe(200);
      const vehicle = (await agent.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).body;
      const vehiclesBefore = await db('vehicles').count({ n: '*' });

      dbDisk.fill();
      // SQLite first reuses the room its files already have; writes go on until one needs more.
      let stored = 0;
      let refused: supertest.Response | undefined;
      for (let i = 0; i < 2000 && !refused; i++) {
        const res = await agent.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150', notes: 'x'.repeat(9_000) });
        if (res.status === 201) stored++;
        else refused = res;
      }
      expect(refused, 'a write that found the disk full').toBeDefined();
      expectError(refused!, 507, 'storage.full');
      const upload = await agent.post(`/api/vehicles/${vehicle.id}/files`).attach('file', pdf(300 * 1024), { filename: 'bill.pdf', contentType: 'application/pdf' });
      expect(upload.status).toBe(507);

      dbDisk.free();
      // Every acknowledged create is there, the refused ones are not, nor any part of the upload.
      expect(Number((await db('vehicles').count({ n: '*' }))[0].n)).toBe(Number(vehiclesBefore[0].n) + stored);
      expect(await db('vehicle_files').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await db('file_chunks').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect((await agent.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).status).toBe(201);
    } finally {
      await app.closeResources();
      await closeDb(db);
      dbDisk.remove();
    }
  });

  it.runIf(engine === 'mysql')("maps MariaDB's own 'table is full' error to 507 storage.full", async () => {
    // A MEMORY table capped at 16 kB fills for real on the server (a table of the test's own: the
    // documented grants have no CREATE TEMPORARY TABLES).
    const error = await t.db
      .transaction(async (trx) => {
        await trx.raw('set session max_heap_table_size = 16384');
        await trx.raw('create table full_probe (v varchar(255)) engine=memory');
        for (let i = 0; i < 10_000; i++) await trx.raw('insert into full_probe values (?)', ['x'.repeat(255)]);
      })
      .then(() => null, (err: unknown) => err);
    await t.db.schema.dropTableIfExists('full_probe');
    expect(error).toBeTruthy();
    expect(mapDatabaseError(error)).toMatchObject({ status: 507, code: 'storage.full' });
  });
});
