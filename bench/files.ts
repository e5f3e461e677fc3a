import http from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { startS3Process } from './s3Process';
import { hashPassword } from '../api/src/services/passwords';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { curl, curlSeries } from './curl';
import { keepFiguresOfNewCompany } from '../api/src/resources/companies/bulkRows';

const MB = 1024 * 1024;

/** A noisy photo-sized JPEG: noise does not compress, so the size is real. */
async function noisyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

/**
 * ZIP memory: 200 images of about 5 MB streamed as one ZIP; the process's RSS must grow by less
 * than 64 MiB. Image ingest: a 12-megapixel JPEG uploaded repeatedly; p95 per image and the
 * event-loop delay meanwhile (under 50 ms). The server runs in this process so both are its own.
 * BENCH_STORAGE=s3: the files are in S3 (a local s3rver in a process of its own, so its memory is
 * not counted).
 */
export async function benchFiles(engine: EngineName) {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  await migrateLatest(db);
  const s3 = process.env.BENCH_STORAGE === 's3' ? await startS3Process() : null;
  const storage = s3 ? 'S3' : 'database';
  const config = loadConfig({ DATABASE_URL: database.url, SESSION_SECRET: 'bench-secret-bench-secret', LOG_LEVEL: 'silent', UPLOAD_MAX_MB: '50', ...s3?.env });
  const app = createApp({ db, config });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const [companyId] = await db('companies').insert({ name: 'Bench', code: 'BENCH', active: true, createdAt: new Date().toISOString() });
    const [userId] = await db('users').insert({ username: 'bench@bench.example', passwordHash: await hashPassword('bench password 123'), role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: new Date().toISOString() });
    const [vehicleId] = await db('vehicles').insert({ vin: '1HGCM82633A004352', companyId, shipperId: userId, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() });
    await keepFiguresOfNewCompany(db, Number(companyId));
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench@bench.example', password: 'bench password 123' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    // ZIP memory.
    const photo = await noisyJpeg(2200, 2200, 96);
    for (let i = 0; i < 200; i++) {
      // Written where STORAGE_URL says, as an upload's original is (resources/files/store.ts).
      const staged = await app.fileStorages.current.stage({ original: photo });
      await db.transaction(async (trx) => {
        const [fileId] = await trx('vehicle_files').insert({ vehicleId, companyId, fileType: 'IMAGE', fileName: `photo-${i}.jpg`, mimeType: 'image/jpeg', fileSize: photo.length, createdAt: new Date().toISOString(), ...staged.columns });
        await staged.write(trx, Number(fileId));
      });
    }
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    // The client is another process (curl), so only the server's memory is measured here.
    const zipBytes = Number(await curl(['-o', '/dev/null', '-w', '%{size_download}', '-H', `cookie: ${cookie}`, `${base}/api/vehicles/${vehicleId}/download-images`]));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (rssPeak - rssBefore) / MB;
    process.stdout.write(
      `\n[${engine}, files in the ${storage}] ZIP of 200 images × ${(photo.length / MB).toFixed(1)} MB: ${(zipBytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
        `(${(zipBytes / MB / seconds).toFixed(0)} MB/s), RSS grew ${growth.toFixed(1)} MiB  ${growth < 64 ? 'met ' : 'MISSED'} (< 64 MiB)\n`,
    );
    await db('vehicle_files').where({ vehicleId }).delete();

    // Image ingest.
    const twelveMp = await noisyJpeg(4000, 3000, 85);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const photoPath = path.join(tmpdir(), `bench-12mp-${process.pid}.jpg`);
    writeFileSync(photoPath, twelveMp);
    const upload = ['-H', `cookie: ${cookie}`, '-F', `file=@${photoPath};type=image/jpeg`, `${base}/api/vehicles/${vehicleId}/files`];
    await curlSeries(upload, 2); // warm-up: sharp and the code paths load on first use
    const answers = await curlSeries(upload, 15, { whenStarted: () => delay.enable() });
    if (answers.some((a) => a.status !== '201')) throw new Error(`ingest answered ${answers.map((a) => a.status).join(', ')}`);
    const times = answers.map((a) => a.ms);
    rmSync(photoPath);
    delay.disable();
    const maxDelay = delay.max / 1e6;
    process.stdout.write(
      `[${engine}] 12 MP JPEG (${(twelveMp.length / MB).toFixed(1)} MB) ingest: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms; ` +
        `event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${maxDelay.toFixed(1)} ms  ${maxDelay < 50 ? 'met ' : 'MISSED'} (< 50 ms)\n`,
    );
  } finally {
    server.closeAllConnections();
    server.close();
    await app.closeResources();
    s3?.stop();
    await closeDb(db);
    await database.drop();
  }
}
