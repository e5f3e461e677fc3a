import type { Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { closeDb, createDb } from '../src/db';
import { createInvoiceRenderer, type InvoiceRenderer } from '../src/services/invoices/renderer';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';

/** A renderer that fails when told to, as a crashed worker or a full disk would. */
function failingRenderer(): InvoiceRenderer & { failNext: number } {
  const real = createInvoiceRenderer();
  const renderer = {
    failNext: 0,
    warmedUp: real.warmedUp,
    close: () => real.close(),
    render: async (data: Parameters<InvoiceRenderer['render']>[0]) => {
      if (renderer.failNext > 0) {
        renderer.failNext--;
        throw new Error('the renderer crashed');
      }
      return real.render(data);
    },
  };
  return renderer;
}

/** Invoice numbers: consecutive, each once, and none used up by an invoice that failed. */
describe.each(ENGINES)('invoice numbering on %s', (engine) => {
  let t: TestApp;
  let second: { app: App; db: Knex; renderer: ReturnType<typeof failingRenderer> };
  let first: supertest.Agent;
  let other: supertest.Agent;
  let containerId: number;
  const request = (date = '2026-11-21') => ({
    containerIds: [containerId], paymentMethod: 'cash', date, buyerName: 'Mohammed Al Otaibi', buyerAddress: 'Olaya St, Riyadh',
    buyerPhone: '+966500000000', buyerEmail: 'buyer@example.com', companyName: 'Gulf Motors', companyAddress: 'King Fahd Rd',
    companyCity: 'Riyadh', companyCountry: 'Saudi Arabia', salePrice: '1000.00', taxPercentage: '15',
  });
  const numbersIn = async (year: number) =>
    (await t.db('invoices').where('invoiceNumber', 'like', `INV-${year}-%`).orderBy('invoiceNumber').pluck('invoiceNumber')) as string[];
  const sequence = (year: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `INV-${year}-${String(from + i).padStart(6, '0')}`);

  beforeAll(async () => {
    const renderer = failingRenderer();
    t = await startTestApp(engine);
    // A second API process on the same database: its own app, connections and renderer.
    const db = createDb(t.config.databaseUrl);
    second = { app: createApp({ db, config: t.config, invoiceRenderer: renderer }), db, renderer };
    const company = await t.company();
    const shipper = await t.user({ role: 'SHIPPER', companyId: company.id });
    [containerId] = (await t.db('containers').insert({ number: 'MSCU1234565', companyId: company.id, createdAt: new Date().toISOString() })).map(Number);
    first = await t.signedIn(shipper.username);
    other = supertest.agent(second.app.callback());
    expect((await other.post('/api/login').send({ username: shipper.username, password: PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    await second.app.closeResources();
    await closeDb(second.db);
    await t.close();
  });

  it('gives the number of an invoice that failed to the next one: no gap', async () => {
    expect((await other.post('/api/invoice').send(request())).headers['x-invoice-number']).toBe('INV-2026-000001');
    second.renderer.failNext = 1;
    const failed = await other.post('/api/invoice').send(request());
    expect(failed.status).toBe(500);
    expect(await numbersIn(2026)).toEqual(['INV-2026-000001']);
    const next = await other.post('/api/invoice').send(request());
    expect(next.status).toBe(201);
    expect(next.headers['x-invoice-number']).toBe('INV-2026-000002');
    expect(await numbersIn(2026)).toEqual(sequence(2026, 1, 2));
  });

  it('numbers invoices made at once through two processes consecutively, each number once', async () => {
    const sent = Array.from({ length: 12 }, (_, i) => (i % 2 ? other : first).post('/api/invoice').send(request('2027-03-01')));
    const answers = await Promise.all(sent);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((res) => res.headers['x-invoice-number'] as string).sort();
    expect(numbers).toEqual(sequence(2027, 1, 12));
    expect(await numbersIn(2027)).toEqual(numbers);
    // Each stored PDF is the one its number was laid out in.
    for (const res of answers.slice(0, 3)) {
      const row = await t.db('invoices').where({ id: Number(res.headers['x-invoice-id']) }).first('invoiceNumber');
      expect(row.invoiceNumber).toBe(res.headers['x-invoice-number']);
    }
  });
});
