import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyOverdueDocuments } from '../src/resources/notifications/overdue';
import { earliestMissingDue } from '../src/domain/documentChecklist';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const DAY = 24 * 60 * 60 * 1000;
const now = () => new Date().toISOString();

type Row = { id: number; kind: string; params: Record<string, string>; entity: string; entityId: number; read: boolean; createdAt: string };

/**
 * Notifications (issue "Notifications"): a buyer is told when a vehicle sold to them changes status,
 * the super admins when someone registers, a company's shippers and administrators when a document
 * becomes overdue; each user reads and marks only their own.
 */
describe.each(ENGINES)('notifications on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let buyer2: { id: number; username: string };
  let shipper2: { id: number; username: string };
  let seq = 0;

  const vehicle = async (data: Record<string, unknown>) =>
    Number((await t.db('vehicles').insert({ vin: validVin(), make: 'Toyota', model: 'Land Cruiser', year: 2022, status: 'NEW_PURCHASE', companyId: w.companyA.id, createdAt: now(), ...data }))[0]);
  const container = async (data: Record<string, unknown>) =>
    Number((await t.db('containers').insert({ number: `TGHU${String(300000 + seq++).padStart(6, '0')}0`, companyId: w.companyA.id, createdAt: now(), ...data }))[0]);
  const listOf = async (client: { get(url: string): PromiseLike<{ status: number; body: unknown; headers: Record<string, string> }> }) => {
    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    return { rows: res.body as Row[], unread: Number(res.headers['x-unread-count']) };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { VPIC_URL: 'http://127.0.0.1:9/api' });
    w = await seedWorld(t);
    buyer2 = await t.user({ role: 'BUYER', companyId: w.companyA.id });
    shipper2 = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
  });
  afterAll(() => t?.close());

  it('tells a buyer when a vehicle sold to them changes status, and no one else', async () => {
    const mine = await vehicle({ buyerId: w.buyer.id, make: 'Lexus', model: 'LX 600' });
    const theirs = await vehicle({ buyerId: buyer2.id });
    const unsold = await vehicle({});
    for (const id of [mine, theirs, unsold]) {
      expect((await w.clients.SHIPPER.patch(`/api/vehicles/${id}/status`).send({ status: 'DISPATCHED' })).status).toBe(200);
    }
    // The same status again changes nothing, and tells nothing.
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${mine}/status`).send({ status: 'DISPATCHED' })).status).toBe(200);

    const { rows, unread } = await listOf(w.clients.BUYER);
    expect(rows).toHaveLength(1);
    expect(unread).toBe(1);
    expect(rows[0]).toMatchObject({
      kind: 'vehicleStatusChanged',
      entity: 'vehicle',
      entityId: mine,
      read: false,
      params: { make: 'Lexus', model: 'LX 600', fromStatus: 'NEW_PURCHASE', toStatus: 'DISPATCHED' },
    });
    const buyer2Rows = await t.db('notifications').where({ userId: buyer2.id });
    expect(buyer2Rows.map((n) => n.entityId)).toEqual([theirs]);
    // Staff who made the change, and the other company, are not told.
    for (const client of [w.clients.SHIPPER, w.clients.COMPANY_ADMIN, w.clients.SUPER_ADMIN]) {
      expect((await listOf(client)).rows.filter((n) => n.kind === 'vehicleStatusChanged')).toEqual([]);
    }
    // One e-mail waits per notification, in the user's language (none chosen: English).
    const mail = await t.db('mail_queue').join('notifications', 'notifications.id', 'mail_queue.notificationId').where('notifications.userId', w.buyer.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ language: 'en', attempts: 0, sentAt: null });
  });

  it('tells each buyer of their own vehicles when a container milestone moves them all, newest first', async () => {
    const containerId = await container({ shipperId: w.shipper.id });
    const a = await vehicle({ buyerId: w.buyer.id, containerId, status: 'AT_WAREHOUSE' });
    const b = await vehicle({ buyerId: w.buyer.id, containerId, status: 'AT_WAREHOUSE' });
    const c = await vehicle({ buyerId: buyer2.id, containerId, status: 'AT_WAREHOUSE' });
    const res = await w.clients.SHIPPER.patch(`/api/containers/${containerId}/status`).send({ status: 'LOADED', at: now() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = await listOf(w.clients.BUYER);
    expect(rows.slice(0, 2).map((n) => [n.entityId, n.params.toStatus])).toEqual([
      [b, 'LOADED'],
      [a, 'LOADED'],
    ]);
    expect(rows.some((n) => n.entityId === c)).toBe(false);
    expect(await t.db('notifications').where({ userId: buyer2.id, entityId: c }).count({ n: '*' }).then((r) => Number(r[0].n))).toBe(1);
  });

  it('tells the super admins of a registration waiting for approval, and no one else', async () => {
    const username = `newcomer${Date.now()}@example.com`;
    const res = await t.anon().post('/api/register').send({ username, password: 'a long enough password' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const registered = await t.db('users').where({ username }).first('id');
    const { rows } = await listOf(w.clients.SUPER_ADMIN);
    expect(rows[0]).toMatchObject({ kind: 'registrationPending', entity: 'user', entityId: registered.id, params: { username }, read: false });
    for (const client of [w.clients.COMPANY_ADMIN, w.clients.SHIPPER, w.clients.BUYER]) {
      expect((await listOf(client)).rows.filter((n) => n.kind === 'registrationPending')).toEqual([]);
    }
  });

  it('reaches every vehicle of a scan, page after page', async () => {
    const at = new Date();
    const loadingDate = new Date(at.getTime() - 2 * DAY).toISOString();
    const box = await container({ shipperId: w.shipper.id, loadingDate });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await vehicle({ containerId: box, documentsDueAt: earliestMissingDue([], loadingDate) }));
    await notifyOverdueDocuments(t.db, at, { pageSize: 1 });
    for (const id of ids) expect(await t.db('notifications').where({ userId: w.companyAdmin.id, entityId: id, kind: 'documentOverdue' }).count({ n: '*' }).first(), `vehicle ${id}`).toMatchObject({ n: 3 });
  });

  it("tells the container's shipper and the company admins once of each document that became overdue, however many scans run", async () => {
    const at = new Date();
    // Loaded two days ago: the title (72 h before), the ITN (24 h before) and the dock receipt (the day) are overdue; the bill of lading is not due yet.
    const loadingDate = new Date(at.getTime() - 2 * DAY).toISOString();
    const named = await container({ shipperId: w.shipper.id, loadingDate });
    const unnamed = await container({ shipperId: null, loadingDate });
    const first = await vehicle({ containerId: named, documentsDueAt: earliestMissingDue([], loadingDate) });
    const second = await vehicle({ containerId: unnamed, documentsDueAt: earliestMissingDue([], loadingDate) });
    // Long overdue (before the look-back): old news, told to no one.
    const oldLoading = new Date(at.getTime() - 60 * DAY).toISOString();
    const old = await vehicle({ containerId: await container({ shipperId: w.shipper.id, loadingDate: oldLoading }), documentsDueAt: earliestMissingDue([], oldLoading) });

    // Two processes scanning at once, then a later scan: each notification exists once.
    const counts = await Promise.all([notifyOverdueDocuments(t.db, at), notifyOverdueDocuments(t.db, at)]);
    await notifyOverdueDocuments(t.db, new Date(at.getTime() + 60_000));
    expect(counts[0] + counts[1]).toBe(3 * 2 + 3 * 3);

    const told = async (userId: number, vehicleId: number) =>
      (await t.db('notifications').where({ userId, entityId: vehicleId, kind: 'documentOverdue' }).orderBy('id'))
        .map((n) => (typeof n.params === 'string' ? JSON.parse(n.params) : n.params).documentKind)
        .sort();
    const overdueKinds = ['DOCK_RECEIPT', 'ITN', 'TITLE'];
    expect(await told(w.shipper.id, first)).toEqual(overdueKinds);
    expect(await told(w.companyAdmin.id, first)).toEqual(overdueKinds);
    expect(await told(shipper2.id, first)).toEqual([]);
    // A container without a shipper: every shipper of the company.
    expect(await told(w.shipper.id, second)).toEqual(overdueKinds);
    expect(await told(shipper2.id, second)).toEqual(overdueKinds);
    expect(await told(w.companyAdmin.id, second)).toEqual(overdueKinds);
    // Not buyers, not another company, not old news.
    expect(await told(w.buyer.id, first)).toEqual([]);
    expect(await told(w.adminB.id, first)).toEqual([]);
    expect(await told(w.companyAdmin.id, old)).toEqual([]);
    // One e-mail each.
    const mails = await t.db('mail_queue').join('notifications', 'notifications.id', 'mail_queue.notificationId').whereIn('notifications.entityId', [first, second]).where('notifications.kind', 'documentOverdue');
    expect(mails).toHaveLength(15);

    const { rows } = await listOf(w.clients.COMPANY_ADMIN);
    expect(rows.find((n) => n.entityId === first && n.params.documentKind === 'TITLE')).toMatchObject({ kind: 'documentOverdue', entity: 'vehicle', read: false });
  });

  it('marks read only the user’s own notifications, and refuses bad ids with 400', async () => {
    const before = await listOf(w.clients.BUYER);
    const own = before.rows.filter((n) => !n.read).map((n) => n.id);
    expect(own.length).toBeGreaterThan(1);
    const others = await t.db('notifications').where({ userId: buyer2.id }).whereNull('readAt').pluck('id');

    const res = await w.clients.BUYER.post('/api/notifications/read').send({ ids: [own[0], others[0]] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ read: [own[0]] });
    expect(await t.db('notifications').where({ id: others[0] }).first()).toMatchObject({ readAt: null });
    const after = await listOf(w.clients.BUYER);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.rows.find((n) => n.id === own[0])?.read).toBe(true);

    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [-1] }, { ids: 'all' }, { all: false }]) {
      const bad = await w.clients.BUYER.post('/api/notifications/read').send(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('validation.failed');
    }
    expect((await listOf(w.clients.BUYER)).unread).toBe(after.unread);

    expect((await w.clients.BUYER.post('/api/notifications/read').send({ all: true })).status).toBe(200);
    expect((await listOf(w.clients.BUYER)).unread).toBe(0);
    // Another's stay unread.
    expect(await t.db('notifications').where({ userId: buyer2.id }).whereNull('readAt').count({ n: '*' }).then((r) => Number(r[0].n))).toBe(others.length);
  });

  it("never shows another user's notifications, and asks for a signed-in, approved user", async () => {
    const buyerIds = new Set((await listOf(w.clients.BUYER)).rows.map((n) => n.id));
    const adminRows = (await listOf(w.clients.SUPER_ADMIN)).rows;
    expect(adminRows.length).toBeGreaterThan(0);
    expect(adminRows.some((n) => buyerIds.has(n.id))).toBe(false);
    expect((await t.anon().get('/api/notifications')).status).toBe(401);
    expect((await w.clients.pending.get('/api/notifications')).status).toBe(403);
    expect((await t.anon().post('/api/notifications/read').send({ all: true })).status).toBe(401);
  });
});
