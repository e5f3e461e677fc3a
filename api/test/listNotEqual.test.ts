import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { contentRange, expectError, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * filter {"field_ne": value}: every row whose field holds anything else, rows with no value
 * (NULL) included. The container page lists a company's vehicles "not in this container" with it,
 * paged and searched on the server: each page full, the total true.
 */
describe.each(ENGINES)('the _ne filter on %s', (engine) => {
  let t: TestApp;
  let shipper: supertest.Agent;
  let here: number;
  let elsewhere: number;
  const unassigned: number[] = [];
  const inElsewhere: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    const container = async (number: string) => {
      const res = await shipper.post('/api/containers').send({ number });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    here = await container('MSCU1234565');
    elsewhere = await container('TGHU1234566');
    const vehicle = async (containerId: number | null, model: string) => {
      const res = await shipper.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', model, containerId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    for (let i = 0; i < 4; i++) await vehicle(here, 'Inside');
    for (let i = 0; i < 23; i++) unassigned.push(await vehicle(null, i === 22 ? 'Landcruiser' : 'Corolla'));
    for (let i = 0; i < 3; i++) inElsewhere.push(await vehicle(elsewhere, 'Elsewhere'));
  });
  afterAll(() => t.close());

  it('pages through every vehicle not in a container, each page full, unassigned ones included', async () => {
    const others = [...unassigned, ...inElsewhere];
    const seen: number[] = [];
    for (let start = 0; start < others.length; start += 10) {
      const res = await getList(shipper, '/api/vehicles', { filter: { containerId_ne: here }, sort: ['id', 'ASC'], range: [start, start + 9] });
      expect(res.status).toBe(200);
      expect(contentRange(res)).toMatchObject({ start, total: others.length });
      expect(res.body).toHaveLength(Math.min(10, others.length - start));
      seen.push(...ids(res));
    }
    expect(seen).toEqual(others.sort((a, b) => a - b));
  });

  it('searches among them, and takes null as "in some container"', async () => {
    const found = await getList(shipper, '/api/vehicles', { filter: { containerId_ne: here, q: 'landcr' } });
    expect(ids(found)).toEqual([unassigned[22]]);
    const inSome = await getList(shipper, '/api/vehicles', { filter: { containerId_ne: null }, range: [0, 99] });
    expect(contentRange(inSome).total).toBe(7);
  });

  it('refuses a list of values and a value of the wrong kind with a 400', async () => {
    const several = await getList(shipper, '/api/vehicles', { filter: { containerId_ne: [here] } });
    expectError(several, 400, 'validation.failed');
    expect(several.body.message).toBe('Invalid filter: containerId_ne takes one value');
    const notANumber = await getList(shipper, '/api/vehicles', { filter: { containerId_ne: 'x' } });
    expectError(notANumber, 400, 'validation.failed');
    expect(notANumber.body.message).toBe('Invalid filter: containerId_ne must be a number');
  });
});
