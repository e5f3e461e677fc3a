import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp';

/**
 * On SQLite a write transaction holds the one writer connection for as long as it runs (an
 * import, a company deleted with its vehicles). Plain reads must not queue behind it: they run on
 * reader connections (or on the writer when no transaction is open on it) and see what was
 * committed before the transaction began.
 */
describe('reads while a write transaction is open, on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a list, a record and the signed-in user while another request\'s transaction is open, with what was committed', async () => {
    const company = await t.company();
    const shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    const created = await shipper.post('/api/vehicles').send({ vin: '1HGCM82633A004352', make: 'Honda' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // Twice each, so that the reads are also known as short ones (those may run on the writer connection).
    for (let i = 0; i < 2; i++) {
      expect((await shipper.get('/api/vehicles')).status).toBe(200);
      expect((await shipper.get(`/api/vehicles/${id}`)).status).toBe(200);
    }

    // The transaction stays open until the reads have answered: were they to wait for it, they
    // would wait for ever (a 503 at the writer's deadline).
    const answers = await t.db.transaction(async (trx) => {
      await trx('vehicles').where({ id }).update({ make: 'Toyota' });
      const [list, one, me] = await Promise.all([shipper.get('/api/vehicles'), shipper.get(`/api/vehicles/${id}`), shipper.get('/api/user')]);
      return { list, one, me };
    });
    expect(answers.list.status).toBe(200);
    expect(answers.list.body.map((v: { id: number; make: string }) => [v.id, v.make])).toEqual([[id, 'Honda']]);
    expect(answers.one.status).toBe(200);
    expect(answers.one.body).toMatchObject({ id, make: 'Honda' });
    expect(answers.me.status).toBe(200);
    // Committed now: the next read sees it.
    expect((await shipper.get(`/api/vehicles/${id}`)).body).toMatchObject({ make: 'Toyota' });
  });
});
