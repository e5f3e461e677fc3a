import exifr from 'exifr';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder } from '../src/http/uploads';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { exe, html, jpegHtmlPolyglot, jpegWithGps, pdf, png, pngBomb, pngClaiming, svg } from './support/fixtures';
import { binary } from './support/binaryBody';
import { objectKeys, STORAGES, storageFor } from './support/s3Server';

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (d) => parts.push(d));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** This process's upload folders (each API process writes its own, named after its pid). */
const uploadTemps = (dataDir: string) => (existsSync(uploadsFolder(dataDir)) ? readdirSync(uploadsFolder(dataDir)).filter((n) => n.startsWith(`${process.pid}-`)) : []);

/** A real PNG of 7100 × 7100 pixels, just over the 50 megapixels one image may have; made once. */
let overLimit: Promise<Buffer> | undefined;
const overLimitPng = () => (overLimit ??= sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer());

// The whole suite on each engine, with the files' bytes in the database and again in S3 (a local s3rver).
const CASES = ENGINES.flatMap((engine) => STORAGES.map((storage) => [engine, storage] as const));

describe.each(CASES)('vehicle and container files on %s, stored in %s', (engine, storage) => {
  let store: Awaited<ReturnType<typeof storageFor>>;
  let t: TestApp;
  let w: World;
  let vehicleA: number;
  let vehicleB: number;
  let containerA: number;

  beforeAll(async () => {
    store = await storageFor(storage);
    t = await startTestApp(engine, { VPIC_URL: 'http://127.0.0.1:9/api', ...store.env });
    w = await seedWorld(t);
    const v = async (companyId: number, buyerId: number | null) =>
      Number((await t.db('vehicles').insert({ vin: validVin(), companyId, buyerId, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    vehicleA = await v(w.companyA.id, w.buyer.id);
    vehicleB = await v(w.companyB.id, w.buyerB.id);
    containerA = Number((await t.db('containers').insert({ number: 'FILU1234567', companyId: w.companyA.id, createdAt: new Date().toISOString() }))[0]);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  /** What holds a file's bytes: its chunk rows in the database, or its objects in S3 (one per variant). */
  const storedParts = async (fileId: number): Promise<number> => {
    if (!store.s3) return Number((await t.db('file_chunks').where({ vehicleFileId: fileId }).count({ n: '*' }))[0].n);
    const row = await t.db('vehicle_files').where({ id: fileId }).first('storageKey');
    const key = row?.storageKey ?? (await deletedKeys.get(fileId));
    return (await objectKeys(store.s3)).filter((object) => object.startsWith(`files/${key}/`)).length;
  };
  /** The S3 keys of files about to be deleted, read before: the row that says it goes with them. */
  const deletedKeys = new Map<number, string>();

  const upload = (path: string, files: { body: Buffer; name: string; type?: string }[], client = w.clients.SHIPPER) => {
    const req = client.post(path);
    for (const f of files) req.attach('file', f.body, { filename: f.name, contentType: f.type ?? 'application/octet-stream' });
    return req;
  };

  it('stores images upright, without metadata, with a viewer copy and a thumbnail', async () => {
    const photo = await jpegWithGps(640, 480);
    expect((await exifr.gps(photo))?.latitude).toBeCloseTo(25.2083, 3);
    const res = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: photo, name: 'front.jpg', type: 'image/jpeg' }, { body: await png(2400, 1200), name: 'side.png' }]);
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    const byName = (name: string) => res.body.find((f: { fileName: string }) => f.fileName === name);
    const [front, side] = [byName('front.jpg'), byName('side.png')];
    // EXIF orientation 6: the stored image is turned upright (portrait).
    expect(front).toMatchObject({ fileType: 'IMAGE', fileName: 'front.jpg', mimeType: 'image/jpeg', width: 480, height: 640 });
    expect(side).toMatchObject({ fileType: 'IMAGE', mimeType: 'image/png', width: 2400, height: 1200 });
    expect(JSON.stringify(res.body)).not.toMatch(/"data"/);

    const original = await w.clients.BUYER.get(`/api/vehicles/${vehicleA}/files/${front.id}/download`).buffer(true).parse(binary);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toBe('attachment; filename="front.jpg"');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-security-policy']).toContain('sandbox');
    expect(await exifr.gps(original.body)).toBeUndefined();
    const meta = await sharp(original.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([480, 640]);

    const viewer = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${side.id}/download?variant=compressed`).buffer(true).parse(binary);
    const viewerMeta = await sharp(viewer.body).metadata();
    expect([viewerMeta.format, viewerMeta.width, viewerMeta.height]).toEqual(['jpeg', 1600, 800]);
    const thumb = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${side.id}/download?variant=thumbnail`).buffer(true).parse(binary);
    const thumbMeta = await sharp(thumb.body).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(320);

    // The vehicle list shows the first image's thumbnail and the counts.
    const list = await w.clients.SHIPPER.get('/api/vehicles').query({ filter: JSON.stringify({ id: [vehicleA] }) });
    expect(list.body[0]).toMatchObject({ thumbnailFileId: Math.min(front.id, side.id), imageCount: 2 });
  });

  it('refuses files by their content: spoofed types, HTML, SVG, executables and polyglots get 415', async () => {
    const before = Number((await t.db('vehicle_files').count({ n: '*' }))[0].n);
    for (const f of [
      { body: html, name: 'invoice.pdf', type: 'application/pdf' },
      { body: exe, name: 'photo.jpg', type: 'image/jpeg' },
      { body: svg, name: 'logo.svg', type: 'image/svg+xml' },
      { body: jpegHtmlPolyglot, name: 'x.jpg', type: 'image/jpeg' },
      { body: Buffer.from('plain words'), name: 'notes.txt', type: 'text/plain' },
    ]) {
      const res = await upload(`/api/vehicles/${vehicleA}/files`, [f]);
      expect(res.status, f.name).toBe(415);
      expect(res.body.code).toBe('request.unsupportedMediaType');
      expect(res.body.message).toMatch(/accepted|could not be read/i);
    }
    // One bad file among good ones: nothing of the upload is kept.
    const mixed = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await png(), name: 'ok.png' }, { body: html, name: 'bad.pdf' }]);
    expect(mixed.status).toBe(415);
    expect(Number((await t.db('vehicle_files').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('refuses a decompression bomb from its header, before decoding it, and keeps serving', async () => {
    // Proved by what the answer says, not by how long it took (a busy machine makes any time
    // limit fail, or so generous it proves nothing). pngBomb's header claims 60000 × 60000
    // pixels over one pixel's data: decoded, it is damaged, and the answer would be 415 "could
    // not be read" — shown first with a file of the same kind whose header claims a size within
    // the limits. So a 400 that names the megapixels comes from the header alone.
    const damaged = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await pngClaiming(2000, 2000), name: 'cut.png' }]);
    expect(damaged.status).toBe(415);
    expect(damaged.body.message).toMatch(/could not be read/);
    const res = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await pngBomb(), name: 'bomb.png' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at most 50 megapixels/);
    // A whole image over the limit (about 50.4 megapixels, 150 MB decoded), not only a header:
    // refused the same way.
    const whole = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await overLimitPng(), name: 'large.png' }]);
    expect(whole.status).toBe(400);
    expect(whole.body.message).toMatch(/at most 50 megapixels/);
    expect((await w.clients.SHIPPER.get('/api/health')).status).toBe(200);
  });

  it('neutralises path parts, CR/LF and quotes in file names', async () => {
    const res = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: pdf(), name: '../../etc/pass"wd\r\nSet-Cookie: x=1.pdf' }]);
    expect(res.status).toBe(201);
    const name: string = res.body[0].fileName;
    expect(name).not.toMatch(/[/\\\r\n"]/);
    expect(name.endsWith('.pdf')).toBe(true);
    const download = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${res.body[0].id}/download`);
    expect(download.headers['content-disposition']).not.toMatch(/[\r\n]/);
    expect(download.headers['set-cookie']).toBeUndefined();
    // A document with a misleading name gets the extension of what it is.
    const renamed = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: pdf(), name: 'scan.jpg' }]);
    expect(renamed.body[0]).toMatchObject({ fileType: 'DOCUMENT', fileName: 'scan.jpg.pdf', mimeType: 'application/pdf' });
  });

  it('removes right-to-left overrides and other invisible formatting characters from stored names', async () => {
    const res = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: pdf(), name: 'invoice\u202Egpj.pdf' }, { body: pdf(), name: '\u200Bscan\u2066\u00AD\uFEFF.pdf' }]);
    expect(res.status).toBe(201);
    // The upload parser hands the files over as each is written to disk: on a busy machine the
    // second may come first, so their order is not what this test is about.
    expect(res.body.map((f: { fileName: string }) => f.fileName).sort()).toEqual(['invoicegpj.pdf', 'scan.pdf']);
    const overridden = res.body.find((f: { fileName: string }) => f.fileName === 'invoicegpj.pdf');
    const stored = await t.db('vehicle_files').whereIn('id', res.body.map((f: { id: number }) => f.id)).select('fileName');
    for (const { fileName } of stored) expect(fileName).not.toMatch(/\p{Cf}/u);
    const download = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${overridden.id}/download`);
    expect(download.headers['content-disposition']).not.toMatch(/%E2%80%AE/i);
  });

  it('keeps one company out of another’s files: download, delete, ZIP, upload, and ids under other records', async () => {
    const theirs = (await upload(`/api/vehicles/${vehicleB}/files`, [{ body: await png(), name: 'b.png' }], w.clients.SUPER_ADMIN)).body[0];
    const mine = (await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await png(), name: 'a.png' }])).body[0];
    for (const res of [
      await w.clients.SHIPPER.get(`/api/vehicles/${vehicleB}/files/${theirs.id}/download`),
      await w.clients.SHIPPER.delete(`/api/vehicles/${vehicleB}/files/${theirs.id}`),
      await w.clients.SHIPPER.get(`/api/vehicles/${vehicleB}/download-images`),
      await upload(`/api/vehicles/${vehicleB}/files`, [{ body: await png(), name: 'c.png' }]),
      // Their file id under my vehicle: still not found.
      await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${theirs.id}/download`),
      await w.clients.SHIPPER.delete(`/api/vehicles/${vehicleA}/files/${theirs.id}`),
      // My vehicle's file under my container: not found either.
      await w.clients.SHIPPER.get(`/api/containers/${containerA}/files/${mine.id}/download`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await t.db('vehicle_files').where({ id: theirs.id }).first()).toBeDefined();
    // A buyer reads its own vehicle's files but changes nothing, and never container files.
    expect((await w.clients.BUYER.get(`/api/vehicles/${vehicleA}/files/${mine.id}/download`)).status).toBe(200);
    expect((await w.clients.BUYER.delete(`/api/vehicles/${vehicleA}/files/${mine.id}`)).status).toBe(403);
    expect((await w.clients.BUYER.get(`/api/containers/${containerA}/download-images`)).status).toBe(403);
    expect((await w.clients.BUYER.get(`/api/vehicles/${vehicleB}/files/${theirs.id}/download`)).status).toBe(404);
  });

  it('streams all images as a ZIP whose entries are the stored originals, names de-duplicated', async () => {
    const files = (
      await upload(`/api/containers/${containerA}/files`, [
        { body: await png(100, 100), name: 'door.png' },
        { body: await png(120, 100), name: 'door.png' },
        { body: await jpegWithGps(200, 100), name: '../seal.jpg' },
        { body: pdf(), name: 'bill.pdf' },
      ])
    ).body;
    const zip = await w.clients.COMPANY_ADMIN.get(`/api/containers/${containerA}/download-images`).buffer(true).parse(binary);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="container_${containerA}_images.zip"`);
    const entries = await unzip(zip.body);
    expect([...entries.keys()].sort()).toEqual(['door (2).png', 'door.png', 'seal.jpg']);
    const images = files.filter((f: { fileType: string }) => f.fileType === 'IMAGE').sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    const zipNames = [...entries.keys()];
    for (const [i, image] of images.entries()) {
      const original = await w.clients.SHIPPER.get(`/api/containers/${containerA}/files/${image.id}/download`).buffer(true).parse(binary);
      expect(entries.get(zipNames[i])!.equals(original.body), zipNames[i]).toBe(true);
    }
    const empty = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    expect((await w.clients.SHIPPER.get(`/api/vehicles/${empty}/download-images`)).status).toBe(404);
    // The console asks with HEAD before following the link (a refusal becomes its toast): the
    // same answers, without the ZIP.
    const head = await w.clients.COMPANY_ADMIN.head(`/api/containers/${containerA}/download-images`);
    expect([head.status, head.headers['content-disposition']]).toEqual([200, `attachment; filename="container_${containerA}_images.zip"`]);
    expect((await w.clients.SHIPPER.head(`/api/vehicles/${empty}/download-images`)).status).toBe(404);
    expect((await w.clients.BUYER.head(`/api/containers/${containerA}/download-images`)).status).toBe(403);
  });

  it('deletes a file with its stored bytes', async () => {
    const file = (await upload(`/api/vehicles/${vehicleA}/files`, [{ body: await png(), name: 'gone.png' }])).body[0];
    expect(await storedParts(file.id)).toBe(3); // the original, the viewer copy, the thumbnail
    const row = await t.db('vehicle_files').where({ id: file.id }).first('storage', 'storageKey');
    expect(row.storage).toBe(storage);
    if (row.storageKey) deletedKeys.set(file.id, row.storageKey);
    const res = await w.clients.COMPANY_ADMIN.delete(`/api/vehicles/${vehicleA}/files/${file.id}`);
    expect(res.status).toBe(200);
    expect(res.body.fileName).toBe('gone.png');
    expect(res.body).not.toHaveProperty('storageKey');
    expect(await storedParts(file.id)).toBe(0);
  });

  it('round-trips an 8 MB file byte for byte (in the database in chunks of at most 1 MiB)', async () => {
    const big = pdf(8 * 1024 * 1024);
    const res = await upload(`/api/vehicles/${vehicleA}/files`, [{ body: big, name: 'manual.pdf' }]);
    expect(res.status).toBe(201);
    // 8 chunk rows in the database; one object in S3 (sent in parts), under a random key.
    expect(await storedParts(res.body[0].id)).toBe(storage === 'db' ? 8 : 1);
    if (storage === 's3') {
      const { storageKey } = await t.db('vehicle_files').where({ id: res.body[0].id }).first('storageKey');
      expect(storageKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(await t.db('file_chunks').where({ vehicleFileId: res.body[0].id }).first()).toBeUndefined();
    }
    const back = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleA}/files/${res.body[0].id}/download`).buffer(true).parse(binary);
    expect(Number(back.headers['content-length'])).toBe(big.length);
    expect(back.body.equals(big)).toBe(true);
  });

  it('refuses an upload over UPLOAD_MAX_MB with 413, leaving no temporary file behind', async () => {
    const small = await startTestApp(engine, { UPLOAD_MAX_MB: '1' });
    try {
      const company = await small.company();
      const shipper = await small.user({ role: 'SHIPPER', companyId: company.id });
      const vehicle = Number((await small.db('vehicles').insert({ vin: validVin(), companyId: company.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
      const agent = await small.signedIn(shipper.username);
      const before = uploadTemps(small.config.dataDir).length;
      const res = await agent.post(`/api/vehicles/${vehicle}/files`).attach('file', pdf(1.5 * 1024 * 1024), 'big.pdf');
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/1 MB/);
      expect(uploadTemps(small.config.dataDir).length).toBe(before);
      expect(Number((await small.db('vehicle_files').count({ n: '*' }))[0].n)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('answers a non-multipart upload or one without the file field with a 4xx message', async () => {
    expect((await w.clients.SHIPPER.post(`/api/vehicles/${vehicleA}/files`).send({ file: 'x' })).status).toBe(415);
    const none = await w.clients.SHIPPER.post(`/api/vehicles/${vehicleA}/files`).field('other', 'x');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/file/);
  });
});
