import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { pdf } from './support/fixtures';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

type Agent = Awaited<ReturnType<TestApp['signedIn']>>;
type Item = { kind: string; status: string; dueDate: string | null; overdue: boolean; fileId: number | null };

/**
 * A vehicle's document checklist (issue 30): documents carry a kind, the checklist tells each kind
 * MISSING, RECEIVED or VERIFIED with a due date from the container's loading date, and the vehicle
 * list finds the vehicles with an overdue document.
 */
describe.each(ENGINES)('the document checklist on %s', (engine) => {
  let t: TestApp;
  let shipper: Agent;
  let buyer: Agent;
  let buyerId: number;
  let otherAdmin: Agent;
  let companyAdmin: Agent;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    const other = await t.company();
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    const buyerUser = await t.user({ role: 'BUYER', companyId: company.id });
    buyerId = buyerUser.id;
    buyer = await t.signedIn(buyerUser.username);
    otherAdmin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: other.id })).username);
    companyAdmin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: company.id })).username);
  });
  afterAll(() => t.close());

  const container = async (loadingDate: string | null) => {
    const res = await shipper.post('/api/containers').send({ number: `TGHU${String(200000 + seq++).padStart(6, '0')}0`, loadingDate });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const vehicle = async (fields: Record<string, unknown> = {}) => (await shipper.post('/api/vehicles').send({ vin: validVin(), ...fields })).body.id as number;
  const upload = (agent: Agent, vehicleId: number, documentKind?: string) => {
    const req = agent.post(`/api/vehicles/${vehicleId}/files`);
    if (documentKind !== undefined) req.field('documentKind', documentKind);
    return req.attach('file', pdf(), { filename: 'paper.pdf', contentType: 'application/pdf' });
  };
  const checklist = async (vehicleId: number, agent = shipper) => {
    const res = await agent.get(`/api/vehicles/${vehicleId}/checklist`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.fromEntries((res.body as Item[]).map((item) => [item.kind, item])) as Record<string, Item>;
  };
  const overdueIds = async (value: boolean) => {
    const res = await shipper.get('/api/vehicles').query({ filter: JSON.stringify({ documentsOverdue: value }), range: '[0,999]' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body as { id: number; documentsOverdue: boolean }[];
    // Each row carries the mark itself (the list's overdue chip), in agreement with the filter.
    expect(rows.map((v) => v.documentsOverdue)).toEqual(rows.map(() => value));
    const ids = rows.map((v) => v.id);
    expect(res.headers['content-range']).toMatch(new RegExp(`/${ids.length}$`));
    return ids;
  };

  it('stores a document with its kind (OTHER when none is named) and lists each kind MISSING or RECEIVED, without due dates outside a container', async () => {
    const id = await vehicle();
    const title = await upload(shipper, id, 'TITLE');
    expect(title.status, JSON.stringify(title.body)).toBe(201);
    expect(title.body[0]).toMatchObject({ documentKind: 'TITLE', verifiedAt: null });
    expect((await upload(shipper, id)).body[0]).toMatchObject({ documentKind: 'OTHER' });
    const res = await shipper.get(`/api/vehicles/${id}/checklist`);
    expect(res.body).toEqual([
      { kind: 'TITLE', status: 'RECEIVED', dueDate: null, overdue: false, fileId: title.body[0].id },
      { kind: 'BILL_OF_SALE', status: 'MISSING', dueDate: null, overdue: false, fileId: null },
      { kind: 'ITN', status: 'MISSING', dueDate: null, overdue: false, fileId: null },
      { kind: 'DOCK_RECEIPT', status: 'MISSING', dueDate: null, overdue: false, fileId: null },
      { kind: 'BILL_OF_LADING', status: 'MISSING', dueDate: null, overdue: false, fileId: null },
    ]);
    // A bad kind is refused and nothing is stored.
    const bad = await upload(shipper, id, 'PASSPORT');
    expect(bad.status).toBe(400);
    expect((await shipper.get(`/api/vehicles/${id}`)).body.documentCount).toBe(2);
  });

  it('counts due dates from the loading date, follows a change of it, and the overdue filter follows too', async () => {
    const containerId = await container('2099-01-10');
    const id = await vehicle({ containerId });
    await upload(shipper, id, 'TITLE');
    const loose = await vehicle();
    let list = await checklist(id);
    expect(Object.values(list).map((i) => [i.kind, i.dueDate, i.overdue])).toEqual([
      ['TITLE', '2099-01-07T00:00:00.000Z', false],
      ['BILL_OF_SALE', null, false],
      ['ITN', '2099-01-09T00:00:00.000Z', false],
      ['DOCK_RECEIPT', '2099-01-10T00:00:00.000Z', false],
      ['BILL_OF_LADING', '2099-01-17T00:00:00.000Z', false],
    ]);
    expect(await overdueIds(true)).not.toContain(id);

    // The loading date moves into the past: the missing ones are overdue, the title received is not.
    expect((await shipper.patch(`/api/containers/${containerId}`).send({ loadingDate: '2020-03-10T12:00:00.000Z' })).status).toBe(200);
    list = await checklist(id);
    expect(Object.values(list).map((i) => [i.kind, i.dueDate, i.overdue])).toEqual([
      ['TITLE', '2020-03-07T12:00:00.000Z', false],
      ['BILL_OF_SALE', null, false],
      ['ITN', '2020-03-09T12:00:00.000Z', true],
      ['DOCK_RECEIPT', '2020-03-10T12:00:00.000Z', true],
      ['BILL_OF_LADING', '2020-03-17T12:00:00.000Z', true],
    ]);
    expect(await overdueIds(true)).toContain(id);
    const row = (await shipper.get('/api/vehicles').query({ filter: JSON.stringify({ id: [id] }) })).body[0];
    expect(row).toMatchObject({ documentsDueAt: '2020-03-09T12:00:00.000Z', documentsOverdue: true });
    expect(await overdueIds(false)).toEqual(expect.arrayContaining([loose]));
    expect(await overdueIds(false)).not.toContain(id);
    expect((await shipper.get(`/api/vehicles/${id}`)).body.documentsOverdue).toBe(true);
    // The dashboard's count is the filtered list's, in each viewer's scope: the company's admin
    // counts what its shipper does, another company's admin none of it, the super admin every company's.
    const overdueHere = (await overdueIds(true)).length;
    expect((await shipper.get('/api/dashboard')).body.documentsOverdue).toBe(overdueHere);
    expect((await companyAdmin.get('/api/dashboard')).body.documentsOverdue).toBe(overdueHere);
    expect((await otherAdmin.get('/api/dashboard')).body.documentsOverdue).toBe(0);
    const superAdmin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
    const everywhere = Number((await t.db('vehicles').where('documentsDueAt', '<=', new Date().toISOString()).count({ n: '*' }))[0].n);
    expect(everywhere).toBeGreaterThanOrEqual(overdueHere);
    expect((await superAdmin.get('/api/dashboard')).body.documentsOverdue).toBe(everywhere);

    // Every paper received: no longer overdue. Removing one makes it overdue again.
    const files: number[] = [];
    for (const kind of ['ITN', 'DOCK_RECEIPT', 'BILL_OF_LADING']) files.push((await upload(shipper, id, kind)).body[0].id);
    expect(await overdueIds(true)).not.toContain(id);
    expect((await shipper.delete(`/api/vehicles/${id}/files/${files[1]}`)).status).toBe(200);
    expect(await overdueIds(true)).toContain(id);
    expect((await checklist(id)).DOCK_RECEIPT).toMatchObject({ status: 'MISSING', overdue: true });

    // Out of the container: no due dates at all.
    await shipper.patch(`/api/vehicles/${id}`).send({ containerId: null });
    expect((await checklist(id)).DOCK_RECEIPT).toMatchObject({ dueDate: null, overdue: false });
    expect(await overdueIds(true)).not.toContain(id);
    // A container without a loading date gives none either.
    await shipper.patch(`/api/vehicles/${id}`).send({ containerId: await container(null) });
    expect((await checklist(id)).ITN.dueDate).toBeNull();
  });

  it('changes a stored document’s kind, and verifies the newest document of a kind (staff only)', async () => {
    const containerId = await container('2020-05-01');
    const id = await vehicle({ containerId, buyerId });
    const other = (await upload(shipper, id, 'OTHER')).body[0].id;
    expect((await checklist(id)).ITN).toMatchObject({ status: 'MISSING', overdue: true });

    const changed = await shipper.patch(`/api/vehicles/${id}/files/${other}`).send({ documentKind: 'ITN' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ id: other, documentKind: 'ITN' });
    expect((await checklist(id)).ITN).toMatchObject({ status: 'RECEIVED', overdue: false, fileId: other });
    expect((await shipper.patch(`/api/vehicles/${id}/files/${other}`).send({ documentKind: 'VISA' })).status).toBe(400);

    const verified = await shipper.patch(`/api/vehicles/${id}/checklist/ITN`).send({ verified: true });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.find((i: Item) => i.kind === 'ITN')).toMatchObject({ status: 'VERIFIED', fileId: other });
    // A buyer reads its own vehicle's checklist, but checks nothing.
    expect((await checklist(id, buyer)).ITN.status).toBe('VERIFIED');
    expect((await buyer.patch(`/api/vehicles/${id}/checklist/ITN`).send({ verified: false })).status).toBe(403);
    // A bad kind, a bad body, a kind not received yet.
    expect((await shipper.patch(`/api/vehicles/${id}/checklist/VISA`).send({ verified: true })).status).toBe(400);
    expect((await shipper.patch(`/api/vehicles/${id}/checklist/ITN`).send({ verified: 'yes' })).status).toBe(400);
    expect((await shipper.patch(`/api/vehicles/${id}/checklist/TITLE`).send({ verified: true })).status).toBe(409);
    // Its kind changed again: the new kind is received, not verified.
    await shipper.patch(`/api/vehicles/${id}/files/${other}`).send({ documentKind: 'TITLE' });
    const after = await checklist(id);
    expect([after.TITLE.status, after.ITN.status]).toEqual(['RECEIVED', 'MISSING']);
  });

  it('keeps another company’s checklist and documents out of reach (404), and a buyer out of vehicles not sold to it', async () => {
    const id = await vehicle();
    const file = (await upload(shipper, id, 'TITLE')).body[0].id;
    expect((await otherAdmin.get(`/api/vehicles/${id}/checklist`)).status).toBe(404);
    expect((await otherAdmin.patch(`/api/vehicles/${id}/checklist/TITLE`).send({ verified: true })).status).toBe(404);
    expect((await otherAdmin.patch(`/api/vehicles/${id}/files/${file}`).send({ documentKind: 'ITN' })).status).toBe(404);
    expect((await buyer.get(`/api/vehicles/${id}/checklist`)).status).toBe(404);
    expect((await checklist(id)).TITLE.status).toBe('RECEIVED');
  });
});
