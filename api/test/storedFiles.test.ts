import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { saveCompanyLogo, companyLogo } from '../src/resources/companies/profile';
import { invoicePdf } from '../src/resources/invoices/operations';
import { issueNumbered } from '../src/resources/invoices/numbering';
import { deleteInvoice } from '../src/resources/invoices/operations';
import { deleteDocument } from '../src/resources/documents/operations';
import { writeTransaction } from '../src/resources/writeTransaction';
import { User } from '../src/resources/users/model';
import { createFileStorages, stageThenCommit, type FileStorage, type FileStorages } from '../src/services/storage';
import type { S3Storage } from '../src/services/storage/s3';
import { databaseStorage } from '../src/services/storage/database';
import { filesToMigrate, migrateFiles } from '../src/services/storage/migrate';
import { ORPHAN_AGE_MS, sweepPendingKeys } from '../src/services/storage/sweep';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { pdf, png } from './support/fixtures';
import { binary } from './support/binaryBody';
import { objectKeys, startS3Server, STORAGES, storageFor, type S3Server } from './support/s3Server';
import { ROOT } from './support/serverProcess';

const run = promisify(execFile);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let containers = 0;
/** A company's container with a car in it, and the invoice request for it. */
async function invoiceable(t: TestApp, companyId: number) {
  const number = `STOR${String(++containers).padStart(7, '0')}`;
  const containerId = Number((await t.db('containers').insert({ number, companyId, createdAt: new Date().toISOString() }))[0]);
  await t.db('vehicles').insert({ vin: validVin(), make: 'TOYOTA', model: 'Land Cruiser', year: 2024, containerId, companyId, status: 'LOADED', createdAt: new Date().toISOString() });
  return { containerIds: [containerId], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'Gulf Motors', salePrice: '1000.00', taxPercentage: '0' };
}

/** The keys recorded as in flight (storage_pending_keys), with what each was: `upload` or `removal`. */
const pendingKeysOf = async (t: TestApp) => new Map(((await t.db('storage_pending_keys').select('storageKey', 'kind')) as { storageKey: string; kind: string }[]).map((row) => [row.storageKey, row.kind]));
const A_DAY_LATER = () => Date.now() + ORPHAN_AGE_MS + 60_000;

/**
 * A second API process on the same database whose storages are `storages` (a process that stops
 * halfway, an S3 that cannot be reached), and a super admin signed in there.
 */
async function otherProcess(t: TestApp, storages: FileStorages, username: string) {
  const app = createApp({ db: t.db, config: t.config, storages });
  const client = supertest.agent(app.callback());
  expect((await client.post('/api/login').send({ username, password: PASSWORD })).status).toBe(200);
  return { client, close: () => app.closeResources() };
}

const CASES = ENGINES.flatMap((engine) => STORAGES.map((storage) => [engine, storage] as const));

describe.each(CASES)('company documents, invoice PDFs and logos on %s, stored in %s', (engine, storage) => {
  let store: Awaited<ReturnType<typeof storageFor>>;
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    store = await storageFor(storage);
    t = await startTestApp(engine, store.env);
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const pendingKeys = () => pendingKeysOf(t);
  const keyOf = async (table: string, where: Record<string, number>) => (await t.db(table).where(where).first('storageKey')).storageKey as string;
  /** The keys the bucket holds objects of (none with the database storage). */
  const bucketKeys = async () => new Set(store.s3 ? (await objectKeys(store.s3)).map((key) => key.split('/')[1]) : []);
  const chunkCount = async (where: Record<string, number>) => Number((await t.db('file_chunks').where(where).count({ n: '*' }))[0].n);
  /** The row names the configured storage, and its bytes are there: an object under a random key, or the database's chunks. */
  const expectStoredHere = async (table: string, where: Record<string, number>, chunks: Record<string, number> | null) => {
    const row = await t.db(table).where(where).first('storage', 'storageKey');
    expect(row.storage).toBe(storage);
    if (storage === 's3') {
      expect(row.storageKey).toMatch(UUID);
      expect((await bucketKeys()).has(row.storageKey)).toBe(true);
      if (chunks) expect(await chunkCount(chunks)).toBe(0);
    } else {
      expect(row.storageKey).toBeNull();
      if (chunks) expect(await chunkCount(chunks)).toBeGreaterThan(0);
    }
    return row.storageKey as string | null;
  };

  it('stores a company document there, serves it to the company, and removes its bytes with it', async () => {
    const body = pdf(3 * 1024 * 1024 + 17); // more than one chunk, more than nothing
    const res = await w.clients.SUPER_ADMIN.post('/api/documents').field('companyId', String(w.companyA.id)).attach('file', body, 'rules.pdf');
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('storage');
    expect(res.body).not.toHaveProperty('storageKey');
    const key = await expectStoredHere('documents', { id: res.body.id }, { documentId: res.body.id });

    const download = await w.clients.SHIPPER.get(`/api/documents/${res.body.id}/download`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="rules.pdf"');
    expect(sha(download.body)).toBe(sha(body));

    expect((await w.clients.SUPER_ADMIN.delete(`/api/documents/${res.body.id}`)).status).toBe(200);
    expect((await w.clients.SHIPPER.get(`/api/documents/${res.body.id}/download`)).status).toBe(404);
    expect(await chunkCount({ documentId: res.body.id })).toBe(0);
    if (key) expect((await bucketKeys()).has(key)).toBe(false);
  });

  it('stores an invoice’s PDF there, serves the very bytes it answered, and removes them with the invoice', async () => {
    const issued = await w.clients.SHIPPER.post('/api/invoice').send(await invoiceable(t, w.companyA.id)).buffer(true).parse(binary);
    expect(issued.status).toBe(201);
    expect(issued.body.subarray(0, 5).toString()).toBe('%PDF-');
    const id = Number(issued.headers['x-invoice-id']);
    const key = await expectStoredHere('invoices', { id }, { invoiceId: id });

    const download = await w.clients.SHIPPER.get(`/api/invoices/${id}/download`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(sha(download.body)).toBe(sha(issued.body));
    expect(Number(download.headers['content-length'])).toBe(issued.body.length);
    // Where the PDF is stays the server's business: not in the invoice, nor in the list.
    const one = await w.clients.SHIPPER.get(`/api/invoices/${id}`);
    expect(one.body).toMatchObject({ id, invoiceNumber: issued.headers['x-invoice-number'] });
    const list = await w.clients.SHIPPER.get('/api/invoices');
    for (const answer of [one.body, ...list.body]) {
      expect(answer).not.toHaveProperty('storage');
      expect(answer).not.toHaveProperty('storageKey');
    }

    expect((await w.clients.SHIPPER.delete(`/api/invoices/${id}`)).status).toBe(200);
    expect(await chunkCount({ invoiceId: id })).toBe(0);
    if (key) expect((await bucketKeys()).has(key)).toBe(false);
  });

  it('stores a logo there, prints it on invoices, and removes the replaced and the deleted one', async () => {
    const admin = w.clients.COMPANY_ADMIN;
    expect((await admin.put(`/api/companies/${w.companyA.id}/logo`).attach('file', await png(1600, 900), 'wide.png')).status).toBe(200);
    const first = await expectStoredHere('company_logos', { companyId: w.companyA.id }, null);
    const stored = await t.db('company_logos').where({ companyId: w.companyA.id }).first('data');
    expect(Buffer.from(stored.data).length > 0).toBe(storage === 'db'); // in S3, the row keeps no bytes
    const served = await admin.get(`/api/companies/${w.companyA.id}/logo`).buffer(true).parse(binary);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.body.subarray(1, 4).toString()).toBe('PNG');

    // Replaced: the new one is served, the old one's object goes.
    expect((await admin.put(`/api/companies/${w.companyA.id}/logo`).attach('file', await png(120, 40), 'small.png')).status).toBe(200);
    const second = await expectStoredHere('company_logos', { companyId: w.companyA.id }, null);
    const replaced = await admin.get(`/api/companies/${w.companyA.id}/logo`).buffer(true).parse(binary);
    expect(sha(replaced.body)).not.toBe(sha(served.body));
    if (first) {
      expect(second).not.toBe(first);
      expect((await bucketKeys()).has(first)).toBe(false);
    }

    // An invoice of the company carries it: the PDF is larger by the logo's image.
    const request = await invoiceable(t, w.companyA.id);
    const withLogo = await w.clients.SHIPPER.post('/api/invoice').send(request).buffer(true).parse(binary);
    expect(withLogo.status).toBe(201);
    expect((await admin.delete(`/api/companies/${w.companyA.id}/logo`)).status).toBe(200);
    const withoutLogo = await w.clients.SHIPPER.post('/api/invoice').send(request).buffer(true).parse(binary);
    expect(withoutLogo.status).toBe(201);
    expect(withLogo.body.length).toBeGreaterThan(withoutLogo.body.length);

    expect((await admin.get(`/api/companies/${w.companyA.id}/logo`)).status).toBe(404);
    if (second) expect((await bucketKeys()).has(second)).toBe(false);
  });

  it('leaves neither a row nor an object when the transaction fails: a logo, an invoice', async () => {
    const before = await bucketKeys();
    const actor = (await User.query(t.db).findById(w.superAdmin.id))!;
    // A company that is not there: the bytes are staged, then the row's insert fails (foreign key).
    await expect(saveCompanyLogo(t.db, t.app.fileStorages, actor, 999_999, await png(60, 20))).rejects.toThrow();
    expect(await t.db('company_logos').where({ companyId: 999_999 }).first()).toBeUndefined();
    expect(await bucketKeys()).toEqual(before);

    // An invoice whose storing fails after its PDF's bytes were staged: its number is given back.
    const refused = new Error('refused');
    const year = 2031;
    await expect(issueNumbered(t.db, w.companyA.id, year, async (n) => Buffer.from(`%PDF-1.7 ${n}`), t.app.fileStorages.current, async () => { throw refused; }, w.companyAdmin)).rejects.toBe(refused);
    expect(await t.db('invoice_counters').where({ companyId: w.companyA.id, year }).first()).toBeUndefined();
    expect(await bucketKeys()).toEqual(before);
  });

  it.runIf(storage === 's3')('keeps the objects of documents, invoices and logos when the sweep runs a day later', async () => {
    await w.clients.SUPER_ADMIN.put(`/api/companies/${w.companyB.id}/logo`).attach('file', await png(90, 30), 'logo.png');
    const document = (await w.clients.SUPER_ADMIN.post('/api/documents').attach('file', pdf(), 'shared.pdf')).body;
    const invoice = await w.clients.SUPER_ADMIN.post('/api/invoice').send(await invoiceable(t, w.companyB.id)).buffer(true).parse(binary);
    expect(invoice.status).toBe(201);
    const keys = [
      (await t.db('company_logos').where({ companyId: w.companyB.id }).first('storageKey')).storageKey,
      (await t.db('documents').where({ id: document.id }).first('storageKey')).storageKey,
      (await t.db('invoices').where({ id: Number(invoice.headers['x-invoice-id']) }).first('storageKey')).storageKey,
    ];
    // Their records went with their rows' inserts: none of them is the sweep's.
    for (const key of keys) expect((await pendingKeys()).has(key)).toBe(false);
    const orphan = (await t.app.fileStorages.s3!.stage({ original: pdf() }, 'document')).columns.storageKey!;
    const swept = await sweepPendingKeys(t.app.fileStorages.s3!, { now: Date.now() + ORPHAN_AGE_MS + 60_000 });
    expect(swept.removed).toBe(1);
    const left = await bucketKeys();
    expect(left.has(orphan)).toBe(false);
    for (const key of keys) expect(left.has(key)).toBe(true);
    const again = await w.clients.SUPER_ADMIN.get(`/api/invoices/${invoice.headers['x-invoice-id']}/download`).buffer(true).parse(binary);
    expect(sha(again.body)).toBe(sha(invoice.body));
  });

  it('removes a deleted company’s document, invoice and logo objects after the delete', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const company = await t.company();
    expect((await sa.put(`/api/companies/${company.id}/logo`).attach('file', await png(90, 30), 'logo.png')).status).toBe(200);
    const document = (await sa.post('/api/documents').field('companyId', String(company.id)).attach('file', pdf(), 'own.pdf')).body;
    const invoice = await sa.post('/api/invoice').send(await invoiceable(t, company.id)).buffer(true).parse(binary);
    expect(invoice.status).toBe(201);
    const invoiceId = Number(invoice.headers['x-invoice-id']);
    const keys = [
      (await t.db('company_logos').where({ companyId: company.id }).first('storageKey')).storageKey,
      (await t.db('documents').where({ id: document.id }).first('storageKey')).storageKey,
      (await t.db('invoices').where({ id: invoiceId }).first('storageKey')).storageKey,
    ];
    if (storage === 's3') for (const key of keys) expect((await bucketKeys()).has(key)).toBe(true);

    expect((await sa.delete(`/api/companies/${company.id}`)).status).toBe(200);
    expect(await t.db('documents').where({ id: document.id }).first()).toBeUndefined();
    expect(await chunkCount({ invoiceId })).toBe(0);
    const left = await bucketKeys();
    for (const key of keys) if (key) expect(left.has(key)).toBe(false);
    expect(await pendingKeys()).toEqual(new Map()); // removed after the commit: nothing left to sweep
  });

  it.runIf(storage === 's3')('sweeps a day later the objects of a document, an invoice and a logo whose upload stopped after its objects were written', async () => {
    expect(await pendingKeys()).toEqual(new Map());
    const s3 = t.app.fileStorages.s3!;
    const stopped = () => new Error('the process stopped');
    // The objects are written, then the process stops: the row's transaction fails, and nothing removes them.
    const stopping: FileStorage = {
      ...s3,
      async stage(variants, kind) {
        const staged = await s3.stage(variants, kind);
        return { ...staged, write: () => Promise.reject(stopped()), discard: () => Promise.reject(stopped()) };
      },
    };
    const company = await t.company();
    const logo = await png(90, 30);
    expect((await w.clients.SUPER_ADMIN.put(`/api/companies/${company.id}/logo`).attach('file', logo, 'kept.png')).status).toBe(200);
    const keptLogo = await keyOf('company_logos', { companyId: company.id });
    const rows = async () => [await t.db('documents').count({ n: '*' }), await t.db('invoices').count({ n: '*' })].map((r) => Number(r[0].n));
    const before = await rows();
    const other = await otherProcess(t, { ...t.app.fileStorages, current: stopping }, w.superAdmin.username);
    try {
      expect((await other.client.post('/api/documents').attach('file', pdf(), 'lost.pdf')).status).toBe(500);
      expect((await other.client.post('/api/invoice').send(await invoiceable(t, company.id))).status).toBe(500);
      expect((await other.client.put(`/api/companies/${company.id}/logo`).attach('file', await png(60, 20), 'lost.png')).status).toBe(500);
    } finally {
      await other.close();
    }
    // No row, no number taken, the old logo kept; three keys recorded in flight, their objects there.
    expect(await rows()).toEqual(before);
    expect(await t.db('invoice_counters').where({ companyId: company.id }).first()).toBeUndefined();
    expect(await keyOf('company_logos', { companyId: company.id })).toBe(keptLogo);
    const orphans = [...(await pendingKeys())];
    expect(orphans.map(([, kind]) => kind)).toEqual(['upload', 'upload', 'upload']);
    for (const [key] of orphans) expect((await bucketKeys()).has(key)).toBe(true);

    // Young: an upload may still be on its way to its row.
    expect(await sweepPendingKeys(s3)).toEqual({ removed: 0 });
    expect(await sweepPendingKeys(s3, { now: A_DAY_LATER() })).toEqual({ removed: 3 });
    const left = await bucketKeys();
    for (const [key] of orphans) expect(left.has(key)).toBe(false);
    expect(left.has(keptLogo)).toBe(true);
    expect(await pendingKeys()).toEqual(new Map());
    const served = await w.clients.SUPER_ADMIN.get(`/api/companies/${company.id}/logo`).buffer(true).parse(binary);
    expect(served.status).toBe(200);
  });

  it.runIf(storage === 's3')('records the keys of deleted and replaced documents, invoices and logos with the change, and the sweep removes their objects when S3 could not', async () => {
    expect(await pendingKeys()).toEqual(new Map());
    const sa = w.clients.SUPER_ADMIN;
    const company = await t.company();
    expect((await sa.put(`/api/companies/${company.id}/logo`).attach('file', await png(90, 30), 'logo.png')).status).toBe(200);
    const ofCompany = [
      await keyOf('company_logos', { companyId: company.id }),
      await keyOf('documents', { id: (await sa.post('/api/documents').field('companyId', String(company.id)).attach('file', pdf(), 'own.pdf')).body.id }),
      await keyOf('invoices', { id: Number((await sa.post('/api/invoice').send(await invoiceable(t, company.id))).headers['x-invoice-id']) }),
    ];
    const shared = (await sa.post('/api/documents').attach('file', pdf(), 'shared.pdf')).body.id as number;
    const kept = (await sa.post('/api/documents').attach('file', pdf(), 'kept.pdf')).body.id as number;
    const invoiceId = Number((await sa.post('/api/invoice').send(await invoiceable(t, w.companyB.id))).headers['x-invoice-id']);
    expect((await sa.put(`/api/companies/${w.companyB.id}/logo`).attach('file', await png(80, 30), 'old.png')).status).toBe(200);
    const gone = [...ofCompany, await keyOf('documents', { id: shared }), await keyOf('invoices', { id: invoiceId }), await keyOf('company_logos', { companyId: w.companyB.id })];

    // S3 cannot be reached once the rows' transactions committed: the users' changes are done all the same.
    const unreachable: S3Storage = { ...t.app.fileStorages.s3!, remove: () => Promise.reject(new Error('S3 unreachable')) };
    const other = await otherProcess(t, { ...t.app.fileStorages, s3: unreachable }, w.superAdmin.username);
    try {
      expect((await other.client.delete(`/api/documents/${shared}`)).status).toBe(200);
      expect((await other.client.delete(`/api/invoices/${invoiceId}`)).status).toBe(200);
      expect((await other.client.put(`/api/companies/${w.companyB.id}/logo`).attach('file', await png(70, 30), 'new.png')).status).toBe(200); // replaces
      expect((await other.client.delete(`/api/companies/${company.id}`)).status).toBe(200);
    } finally {
      await other.close();
    }
    const newLogo = await keyOf('company_logos', { companyId: w.companyB.id });
    expect(await pendingKeys()).toEqual(new Map(gone.map((key) => [key, 'removal'])));
    for (const key of gone) expect((await bucketKeys()).has(key)).toBe(true);
    expect(await sweepPendingKeys(t.app.fileStorages.s3!)).toEqual({ removed: 0 });

    expect(await sweepPendingKeys(t.app.fileStorages.s3!, { now: A_DAY_LATER() })).toEqual({ removed: gone.length });
    const left = await bucketKeys();
    for (const key of gone) expect(left.has(key)).toBe(false);
    for (const key of [newLogo, await keyOf('documents', { id: kept })]) expect(left.has(key)).toBe(true);
    expect(await pendingKeys()).toEqual(new Map());
    expect((await sa.get(`/api/documents/${kept}/download`)).status).toBe(200);
    expect((await sa.get(`/api/companies/${w.companyB.id}/logo`)).status).toBe(200);

    // The logo deleted: its key recorded, its object removed after the commit, then its record.
    expect((await sa.delete(`/api/companies/${w.companyB.id}/logo`)).status).toBe(200);
    expect((await bucketKeys()).has(newLogo)).toBe(false);
    expect(await pendingKeys()).toEqual(new Map());
  });

  it.runIf(storage === 's3')('records nothing for a delete that rolls back, and keeps the objects of a commit whose answer was lost', async () => {
    expect(await pendingKeys()).toEqual(new Map());
    const actor = (await User.query(t.db).findById(w.superAdmin.id))!;
    const sa = w.clients.SUPER_ADMIN;
    const document = (await sa.post('/api/documents').attach('file', pdf(), 'stays.pdf')).body;
    const issued = await sa.post('/api/invoice').send(await invoiceable(t, w.companyB.id));
    const invoice = { id: Number(issued.headers['x-invoice-id']), invoiceNumber: issued.headers['x-invoice-number'], companyId: w.companyB.id };
    await expect(
      writeTransaction(t.db, async (trx) => {
        await deleteDocument(actor, document, trx);
        await deleteInvoice(actor, invoice, trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await pendingKeys()).toEqual(new Map());
    expect((await sa.get(`/api/documents/${document.id}/download`)).status).toBe(200);
    expect((await sa.get(`/api/invoices/${invoice.id}/download`)).status).toBe(200);

    // The row committed, then its answer lost (a connection gone at COMMIT): the objects stay for it.
    const bytes = pdf(70_000);
    let id = 0;
    await expect(
      stageThenCommit(t.app.fileStorages.current, 'document', [{ original: bytes }], async ([staged]) => {
        await writeTransaction(t.db, async (trx) => {
          id = Number((await trx('documents').insert({ fileName: 'lost-answer.pdf', mimeType: 'application/pdf', fileSize: bytes.length, uploadedBy: w.superAdmin.id, ...staged.columns, createdAt: new Date().toISOString() }))[0]);
          await staged.write(trx, id);
        });
        throw new Error('connection lost at COMMIT');
      }),
    ).rejects.toThrow('connection lost');
    expect((await bucketKeys()).has(await keyOf('documents', { id }))).toBe(true);
    const download = await sa.get(`/api/documents/${id}/download`).buffer(true).parse(binary);
    expect(sha(download.body)).toBe(sha(bytes));
    expect(await pendingKeys()).toEqual(new Map());
  });
});

describe.each(ENGINES)('npm run storage:migrate moves documents, invoice PDFs and logos on %s', (engine) => {
  let s3: S3Server;
  let t: TestApp;
  let w: World;
  let documentId: number;
  let invoiceId: number;
  const bytes = { document: pdf(2 * 1024 * 1024 + 5), invoice: Buffer.alloc(0), logo: Buffer.alloc(0) };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine); // in the database, as before S3
    w = await seedWorld(t);
    documentId = (await w.clients.SUPER_ADMIN.post('/api/documents').attach('file', bytes.document, 'rules.pdf')).body.id;
    expect((await w.clients.COMPANY_ADMIN.put(`/api/companies/${w.companyA.id}/logo`).attach('file', await png(400, 100), 'logo.png')).status).toBe(200);
    bytes.logo = (await w.clients.COMPANY_ADMIN.get(`/api/companies/${w.companyA.id}/logo`).buffer(true).parse(binary)).body;
    const issued = await w.clients.SHIPPER.post('/api/invoice').send(await invoiceable(t, w.companyA.id)).buffer(true).parse(binary);
    expect(issued.status).toBe(201);
    invoiceId = Number(issued.headers['x-invoice-id']);
    bytes.invoice = issued.body;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const rows = async () => ({
    document: await t.db('documents').where({ id: documentId }).first('id', 'storage', 'storageKey'),
    invoice: await t.db('invoices').where({ id: invoiceId }).first('id', 'storage', 'storageKey'),
    logo: await t.db('company_logos').where({ companyId: w.companyA.id }).first('companyId', 'storage', 'storageKey', 'data'),
  });

  it('copies them to S3 byte for byte, resumes a stopped run, and brings them back', async () => {
    const fromDb = createFileStorages({ kind: 'db' }, { db: t.db });
    const toS3 = s3.storagesOn(t.db);
    expect(await filesToMigrate(t.db, toS3.current)).toBe(3);
    // A run stopped after its first file: the document is in S3, the invoice and the logo not yet.
    const stop = new Error('stopped');
    await expect(migrateFiles(t.db, fromDb, toS3.current, () => { throw stop; })).rejects.toBe(stop);
    let now = await rows();
    expect([now.document.storage, now.invoice.storage, now.logo.storage]).toEqual(['s3', 'db', 'db']);

    // The command resumes: only the two left are copied.
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'storage', 'migrate', '--to', s3.env.STORAGE_URL], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.config.databaseUrl, SESSION_SECRET: 'x'.repeat(32), AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', STORAGE_URL: 'db:' },
    });
    expect(stdout).toContain('Copying 2 file(s)');
    expect(stdout).toContain('Done: 2 copied');
    now = await rows();
    for (const row of [now.document, now.invoice, now.logo]) expect(row).toMatchObject({ storage: 's3', storageKey: expect.stringMatching(UUID) });
    // The database holds none of their bytes any more.
    expect(Number((await t.db('file_chunks').where({ documentId }).orWhere({ invoiceId }).count({ n: '*' }))[0].n)).toBe(0);
    expect(Buffer.from(now.logo.data).length).toBe(0);
    // Read from S3 as the servers read them: the same bytes, the issued invoice unchanged.
    const stored = { id: documentId, storage: 's3', storageKey: now.document.storageKey, kind: 'document' as const };
    expect(sha(await buffer(toS3.of(stored).open(t.db, stored, 'original')))).toBe(sha(bytes.document));
    expect(sha(await buffer(invoicePdf(t.db, toS3, now.invoice)))).toBe(sha(bytes.invoice));
    expect(sha((await companyLogo(t.db, toS3, w.companyA.id))!)).toBe(sha(bytes.logo));
    expect(await migrateFiles(t.db, fromDb, toS3.current)).toEqual({ copied: 0, vanished: 0 });

    // And back to the database: the servers (STORAGE_URL=db:) serve them again, byte for byte.
    // S3 cannot be reached for the removals after each commit: each old key was recorded with
    // its row's change, and the sweep removes the objects a day later.
    const inS3 = [now.document.storageKey, now.invoice.storageKey, now.logo.storageKey];
    const unreachable = { ...toS3.s3!, remove: () => Promise.reject(new Error('S3 unreachable')) };
    expect(await migrateFiles(t.db, { ...toS3, of: (file) => (file.storage === 's3' ? unreachable : toS3.of(file)) }, databaseStorage)).toEqual({ copied: 3, vanished: 0 });
    now = await rows();
    for (const row of [now.document, now.invoice, now.logo]) expect(row).toMatchObject({ storage: 'db', storageKey: null });
    expect(await pendingKeysOf(t)).toEqual(new Map(inS3.map((key) => [key, 'removal'])));
    expect(await sweepPendingKeys(toS3.s3!, { now: A_DAY_LATER() })).toEqual({ removed: 3 });
    expect(await objectKeys(s3)).toEqual([]);
    expect(await pendingKeysOf(t)).toEqual(new Map());
    const invoice = await w.clients.SHIPPER.get(`/api/invoices/${invoiceId}/download`).buffer(true).parse(binary);
    expect(sha(invoice.body)).toBe(sha(bytes.invoice));
    const document = await w.clients.SHIPPER.get(`/api/documents/${documentId}/download`).buffer(true).parse(binary);
    expect(sha(document.body)).toBe(sha(bytes.document));
    const logo = await w.clients.COMPANY_ADMIN.get(`/api/companies/${w.companyA.id}/logo`).buffer(true).parse(binary);
    expect(sha(logo.body)).toBe(sha(bytes.logo));
  });
});
