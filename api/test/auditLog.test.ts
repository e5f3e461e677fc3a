import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { expectError, getList, ids } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { binary } from './support/binaryBody';
import { diffChanges } from '../src/domain/auditEvents';
import { pdf, png } from './support/fixtures';

type Event = {
  id: number;
  createdAt: string;
  userId: number | null;
  username: string | null;
  role: string | null;
  companyId: number | null;
  ip: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
};

const freshNumber = () => `TSTU${String(parseInt(randomBytes(3).toString('hex'), 16) % 10_000_000).padStart(7, '0')}`;

describe('the changes an event keeps', () => {
  it('hides secrets but keeps whether a user must change their password, a plain fact', () => {
    expect(diffChanges({ passwordHash: 'scrypt$a', mustChangePassword: false }, { passwordHash: 'scrypt$b', mustChangePassword: true })).toEqual({
      password: { from: '[redacted]', to: '[redacted]' },
      mustChangePassword: { from: false, to: true },
    });
    expect(diffChanges({}, { sessionId: 'abc', resetToken: 'xyz' })).toEqual({ password: { from: '[redacted]', to: '[redacted]' } });
  });
});

describe.each(ENGINES)('the record of events on %s', (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  /** The events of one record, oldest first, as the super admin reads them through the API. */
  async function eventsOf(entity: string, entityId: number): Promise<Event[]> {
    const res = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { entity, entityId }, sort: ['id', 'ASC'] });
    expect(res.status).toBe(200);
    return res.body as Event[];
  }
  const last = async (entity: string, entityId: number) => (await eventsOf(entity, entityId)).at(-1)!;

  it('records each create, update and delete of a container, with who, role, company, address and from/to', async () => {
    const number = freshNumber();
    const created = await w.clients.SHIPPER.post('/api/containers').send({ number, sealNumber: 'S-1' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await last('containers', id)).toMatchObject({
      action: 'create', userId: w.shipper.id, username: w.shipper.username, role: 'SHIPPER', companyId: w.companyA.id,
      ip: expect.stringMatching(/\d/), changes: expect.objectContaining({ number: { from: null, to: number } }),
    });
    expect((await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ sealNumber: 'S-2', shippingLine: 'MSC' })).status).toBe(200);
    expect((await last('containers', id)).changes).toEqual({ sealNumber: { from: 'S-1', to: 'S-2' }, shippingLine: { from: null, to: 'MSC' } });
    // The same values again change nothing, and record nothing.
    const count = (await eventsOf('containers', id)).length;
    expect((await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ sealNumber: 'S-2' })).status).toBe(200);
    expect(await eventsOf('containers', id)).toHaveLength(count);
    expect((await w.clients.SHIPPER.patch(`/api/containers/${id}/status`).send({ status: 'LOADED', at: '2026-11-20T10:00:00.000Z' })).status).toBe(200);
    expect((await last('containers', id)).changes).toMatchObject({ status: { from: 'BOOKED', to: 'LOADED' }, loadedAt: { from: null, to: '2026-11-20T10:00:00.000Z' } });
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/containers/${id}`)).status).toBe(200);
    expect(await last('containers', id)).toMatchObject({ action: 'delete', userId: w.companyAdmin.id, role: 'COMPANY_ADMIN', changes: { number: { from: number, to: null } } });
  });

  it('records a vehicle\u2019s create, field changes, container moves, status changes (its timeline too) and delete', async () => {
    const container = (await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber() })).body.id as number;
    const vin = validVin();
    const created = await w.clients.SHIPPER.post('/api/vehicles').send({ vin, make: 'Toyota', model: 'Camry', year: 2020 });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await last('vehicles', id)).toMatchObject({ action: 'create', companyId: w.companyA.id, changes: expect.objectContaining({ vin: { from: null, to: vin }, status: { from: null, to: 'NEW_PURCHASE' } }) });

    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${id}`).send({ model: 'Corolla', notes: 'scratch', vehicleInfo: { color: 'Red' } })).status).toBe(200);
    expect((await last('vehicles', id)).changes).toEqual({ model: { from: 'Camry', to: 'Corolla' }, notes: { from: null, to: 'scratch' }, vehicleInfo: { from: expect.anything(), to: { color: 'Red' } } });

    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${id}`).send({ containerId: container })).status).toBe(200);
    expect((await last('vehicles', id)).changes).toEqual({ containerId: { from: null, to: container } });

    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${id}/status`).send({ status: 'DISPATCHED' })).status).toBe(200);
    expect((await last('vehicles', id)).changes).toEqual({ status: { from: 'NEW_PURCHASE', to: 'DISPATCHED' } });
    // The vehicle's timeline shows the same change.
    const detail = await w.clients.SHIPPER.get(`/api/vehicles/${id}`);
    expect(detail.body.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['NEW_PURCHASE', 'DISPATCHED']);

    // A container's milestone moves its vehicles: one event each, by the same path.
    expect((await w.clients.SHIPPER.patch(`/api/containers/${container}/status`).send({ status: 'DEPARTED' })).status).toBe(200);
    expect((await last('vehicles', id)).changes).toEqual({ status: { from: 'DISPATCHED', to: 'SHIPPED' } });

    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${id}`).send({ containerId: null })).status).toBe(200);
    expect((await last('vehicles', id)).changes).toEqual({ containerId: { from: container, to: null } });

    // The timeline on the vehicle's page and the record of events tell the same status changes, by the same people.
    const events = await eventsOf('vehicles', id);
    const fromEvents = events.filter((e) => e.changes?.status).map((e) => [e.changes!.status.to, e.userId]);
    const timeline = (await w.clients.SHIPPER.get(`/api/vehicles/${id}`)).body.statusHistory.map((h: { toStatus: string; userId: number }) => [h.toStatus, h.userId]);
    expect(timeline).toEqual([['NEW_PURCHASE', w.shipper.id], ['DISPATCHED', w.shipper.id], ['SHIPPED', w.shipper.id]]);
    expect(fromEvents).toEqual(timeline);

    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${id}`)).status).toBe(200);
    expect(await last('vehicles', id)).toMatchObject({ action: 'delete', changes: { vin: { from: vin, to: null } } });
  });

  it('records files, shared documents and invoices', async () => {
    const vehicle = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body.id as number;
    const uploaded = await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files`).attach('file', await png(), 'front.png');
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body[0].id as number;
    expect(await last('files', fileId)).toMatchObject({ action: 'create', companyId: w.companyA.id, changes: { fileName: { from: null, to: 'front.png' }, vehicleId: { from: null, to: vehicle } } });
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${vehicle}/files/${fileId}`)).status).toBe(200);
    expect(await last('files', fileId)).toMatchObject({ action: 'delete', changes: { fileName: { from: 'front.png', to: null }, vehicleId: { from: vehicle, to: null } } });

    // A document's kind changed, then checked on the checklist by an administrator: each an update of the file.
    const paper = await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files`).field('documentKind', 'OTHER').attach('file', pdf(), 'paper.pdf');
    expect(paper.status).toBe(201);
    const paperId = paper.body[0].id as number;
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${vehicle}/files/${paperId}`).send({ documentKind: 'TITLE' })).status).toBe(200);
    expect(await last('files', paperId)).toMatchObject({ action: 'update', userId: w.shipper.id, role: 'SHIPPER', companyId: w.companyA.id, changes: { documentKind: { from: 'OTHER', to: 'TITLE' } } });
    expect((await w.clients.COMPANY_ADMIN.patch(`/api/vehicles/${vehicle}/checklist/TITLE`).send({ verified: true })).status).toBe(200);
    const verified = await last('files', paperId);
    expect(verified).toMatchObject({ action: 'update', userId: w.companyAdmin.id, role: 'COMPANY_ADMIN', changes: { verifiedBy: { from: null, to: w.companyAdmin.id } } });
    expect(verified.changes!.verifiedAt).toEqual({ from: null, to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    const doc = await w.clients.SUPER_ADMIN.post('/api/documents').field('companyId', String(w.companyA.id)).attach('file', pdf(), 'rules.pdf');
    expect(doc.status).toBe(201);
    expect(await last('documents', doc.body.id)).toMatchObject({ action: 'create', role: 'SUPER_ADMIN', companyId: w.companyA.id, changes: { fileName: { from: null, to: 'rules.pdf' } } });
    expect((await w.clients.SUPER_ADMIN.delete(`/api/documents/${doc.body.id}`)).status).toBe(200);
    expect(await last('documents', doc.body.id)).toMatchObject({ action: 'delete', changes: { fileName: { from: 'rules.pdf', to: null } } });

    const container = (await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber() })).body.id as number;
    const invoice = await w.clients.SHIPPER.post('/api/invoice')
      .send({ containerIds: [container], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'Buyer', salePrice: '100.00', taxPercentage: '15' })
      .buffer(true)
      .parse(binary);
    expect(invoice.status).toBe(201);
    const invoiceId = Number(invoice.headers['x-invoice-id']);
    expect(await last('invoices', invoiceId)).toMatchObject({
      action: 'create', companyId: w.companyA.id, changes: { invoiceNumber: { from: null, to: invoice.headers['x-invoice-number'] }, totalAmount: { from: null, to: '115.00' } },
    });
    expect((await w.clients.SHIPPER.delete(`/api/invoices/${invoiceId}`)).status).toBe(200);
    expect(await last('invoices', invoiceId)).toMatchObject({ action: 'delete', changes: { invoiceNumber: { from: invoice.headers['x-invoice-number'], to: null } } });
  });

  it('records companies, ports and users, a password only as changed, never its value or hash', async () => {
    const company = await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Audit Motors', code: `AM${Date.now().toString(36).toUpperCase()}` });
    expect(company.status).toBe(201);
    const companyId = company.body.id as number;
    expect(await last('companies', companyId)).toMatchObject({ action: 'create', companyId, changes: expect.objectContaining({ name: { from: null, to: 'Audit Motors' } }) });
    expect((await w.clients.SUPER_ADMIN.patch(`/api/companies/${companyId}`).send({ name: 'Audit Motors LLC' })).status).toBe(200);
    expect((await last('companies', companyId)).changes).toEqual({ name: { from: 'Audit Motors', to: 'Audit Motors LLC' } });

    const port = await w.clients.SUPER_ADMIN.post('/api/ports').send({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' });
    expect(port.status).toBe(201);
    expect(await last('ports', port.body.id)).toMatchObject({
      action: 'create', role: 'SUPER_ADMIN', companyId: null,
      changes: expect.objectContaining({ name: { from: null, to: 'Jebel Ali' }, nameAr: { from: null, to: 'جبل علي' }, country: { from: null, to: 'AE' } }),
    });
    expect((await w.clients.SUPER_ADMIN.patch(`/api/ports/${port.body.id}`).send({ nameAr: 'ميناء جبل علي' })).status).toBe(200);
    expect((await last('ports', port.body.id)).changes).toEqual({ nameAr: { from: 'جبل علي', to: 'ميناء جبل علي' } });
    expect((await w.clients.SUPER_ADMIN.delete(`/api/ports/${port.body.id}`)).status).toBe(200);
    expect(await last('ports', port.body.id)).toMatchObject({ action: 'delete', changes: { name: { from: 'Jebel Ali', to: null } } });

    const user = await w.clients.SUPER_ADMIN.post('/api/users').send({ username: `audited${Date.now()}@example.com`, password: 'a long secret password 1', role: 'SHIPPER', companyId });
    expect(user.status).toBe(201);
    const userId = user.body.id as number;
    const createdEvent = await last('users', userId);
    // Made with the administrator's password: the event says the user must change it, never the password.
    expect(createdEvent).toMatchObject({
      action: 'create',
      companyId,
      username: w.superAdmin.username,
      changes: expect.objectContaining({ role: { from: null, to: 'SHIPPER' }, mustChangePassword: { from: null, to: true } }),
    });
    expect(createdEvent.changes).not.toHaveProperty('passwordHash');
    expect(createdEvent.changes).not.toHaveProperty('password');
    // The user's own change, by the user: the password changed, and it need not change again.
    const own = await t.signedIn(user.body.username, 'a long secret password 1');
    expect((await own.post('/api/user/password').send({ currentPassword: 'a long secret password 1', newPassword: 'the users own secret 3' })).status).toBe(200);
    expect(await last('users', userId)).toMatchObject({
      action: 'update',
      userId,
      changes: { password: { from: '[redacted]', to: '[redacted]' }, mustChangePassword: { from: true, to: false } },
    });
    expect((await w.clients.SUPER_ADMIN.post(`/api/users/${userId}/role`).send({ role: 'BUYER' })).status).toBe(200);
    expect((await last('users', userId)).changes).toEqual({ role: { from: 'SHIPPER', to: 'BUYER' } });
    expect((await w.clients.SUPER_ADMIN.post(`/api/users/${userId}/password`).send({ newPassword: 'another long secret 2' })).status).toBe(200);
    // A reset by an administrator: the password changed (never its value), and the user must now choose their own.
    expect((await last('users', userId)).changes).toEqual({ password: { from: '[redacted]', to: '[redacted]' }, mustChangePassword: { from: false, to: true } });
    expect((await w.clients.SUPER_ADMIN.delete(`/api/users/${userId}`)).status).toBe(200);
    expect((await last('users', userId)).action).toBe('delete');

    // Deleting the company keeps its events, and records its own.
    expect((await w.clients.SUPER_ADMIN.delete(`/api/companies/${companyId}`)).status).toBe(200);
    const kept = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { companyId }, sort: ['id', 'ASC'], range: [0, 99] });
    expect((kept.body as Event[]).map((e) => `${e.entity}.${e.action}`)).toEqual(
      expect.arrayContaining(['companies.create', 'companies.update', 'users.create', 'users.update', 'users.delete', 'companies.delete']),
    );

    // No secret anywhere in the record: no password typed, no stored hash, no session id.
    const everything = JSON.stringify(await t.db('audit_events').select());
    for (const secret of [PASSWORD, 'a long secret password 1', 'another long secret 2', 'the users own secret 3']) expect(everything).not.toContain(secret);
    for (const { passwordHash } of await t.db('users').select('passwordHash')) expect(everything).not.toContain(passwordHash);
    for (const { id } of await t.db('sessions').select('id')) expect(everything).not.toContain(id);
    expect(everything).not.toMatch(/passwordHash|sessionId/);
  });

  it('records a registration, its approval, and a user\u2019s own settings and password (never its value)', async () => {
    const username = `registered${Date.now()}@example.com`;
    const typed = 'my registration secret 1';
    expect((await t.anon().post('/api/register').send({ username, password: typed })).status).toBe(201);
    const { id } = await t.db('users').where({ username }).first('id');
    // Its own act: the new account, without role or company yet, then signed in by the registration.
    const [created, registeredSignIn] = await eventsOf('users', id);
    expect(created).toMatchObject({ action: 'create', userId: id, username, role: null, companyId: null, changes: expect.objectContaining({ username: { from: null, to: username }, pendingApproval: { from: null, to: true } }) });
    expect(registeredSignIn).toMatchObject({ action: 'signIn', userId: id, role: null, changes: null, ip: expect.stringMatching(/\d/) });

    expect((await w.clients.SUPER_ADMIN.patch(`/api/users/${id}`).send({ role: 'BUYER', companyId: w.companyA.id, pendingApproval: false })).status).toBe(200);
    expect(await last('users', id)).toMatchObject({
      action: 'update', userId: w.superAdmin.id, role: 'SUPER_ADMIN', companyId: w.companyA.id,
      changes: { role: { from: null, to: 'BUYER' }, companyId: { from: null, to: w.companyA.id }, pendingApproval: { from: true, to: false } },
    });

    const own = await t.signedIn(username, typed);
    expect((await own.patch('/api/user').send({ language: 'ar' })).status).toBe(200);
    expect(await last('users', id)).toMatchObject({ action: 'update', userId: id, role: 'BUYER', changes: { language: { from: null, to: 'ar' } } });
    // Each event keeps the role its author had then: none at the registration (which signs the new account in), BUYER since.
    const ownEvents = (await eventsOf('users', id)).filter((e) => e.userId === id);
    expect(ownEvents.map((e) => [e.action, e.role])).toEqual([['create', null], ['signIn', null], ['signIn', 'BUYER'], ['update', 'BUYER']]);
    const chosen = 'my chosen secret number 2';
    expect((await own.post('/api/user/password').send({ currentPassword: typed, newPassword: chosen })).status).toBe(200);
    expect(await last('users', id)).toMatchObject({ action: 'update', userId: id, changes: { password: { from: '[redacted]', to: '[redacted]' } } });

    const everything = JSON.stringify(await t.db('audit_events').select());
    for (const secret of [typed, chosen]) expect(everything).not.toContain(secret);
    const { passwordHash } = await t.db('users').where({ id }).first('passwordHash');
    expect(everything).not.toContain(passwordHash);
  });

  it('records sign-in, sign-out and failed sign-ins (the account only when it exists, never the password)', async () => {
    const agent = await t.signedIn(w.buyer.username);
    const [signIn] = (await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { action: 'signIn', userId: w.buyer.id }, sort: ['id', 'DESC'] })).body as Event[];
    expect(signIn).toMatchObject({ entity: 'users', entityId: w.buyer.id, role: 'BUYER', companyId: w.companyA.id, ip: expect.stringMatching(/\d/) });
    expect((await agent.post('/api/logout')).status).toBe(200);
    const [signOut] = (await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { action: 'signOut', userId: w.buyer.id } })).body as Event[];
    expect(signOut).toMatchObject({ entityId: w.buyer.id, role: 'BUYER' });

    const wrong = 'not the password at all';
    expect((await t.anon().post('/api/login').send({ username: w.buyer.username, password: wrong })).status).toBe(401);
    expect((await t.anon().post('/api/login').send({ username: 'nobody-here@example.com', password: wrong })).status).toBe(401);
    const failed = (await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { action: 'signInFailed' }, sort: ['id', 'DESC'], range: [0, 1] })).body as Event[];
    expect(failed[1]).toMatchObject({ userId: w.buyer.id, entityId: w.buyer.id, role: 'BUYER', companyId: w.companyA.id, ip: expect.stringMatching(/\d/) });
    expect(failed[0]).toMatchObject({ userId: null, username: null, role: null, entityId: null, companyId: null, ip: expect.stringMatching(/\d/) });
    expect(signOut.ip).toEqual(expect.stringMatching(/\d/));
    const everything = JSON.stringify(await t.db('audit_events').select());
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain('nobody-here');
  });

  it('shows a super admin every event, a company admin its own company\u2019s, and no one else any', async () => {
    await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber() });
    const clientB = await t.signedIn(w.adminB.username);
    const all = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { range: [0, 999] });
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
    const companies = new Set((all.body as Event[]).map((e) => e.companyId));
    expect(companies).toContain(w.companyA.id);
    expect(companies).toContain(w.companyB.id);

    const own = await getList(w.clients.COMPANY_ADMIN, '/api/audit-log', { range: [0, 999] });
    expect(own.status).toBe(200);
    expect((own.body as Event[]).length).toBeGreaterThan(0);
    expect(new Set((own.body as Event[]).map((e) => e.companyId))).toEqual(new Set([w.companyA.id]));
    // Another company's records, asked for by name, are simply not there.
    const other = await getList(w.clients.COMPANY_ADMIN, '/api/audit-log', { filter: { companyId: w.companyB.id } });
    expect(other.body).toEqual([]);
    const ofB = await getList(clientB, '/api/audit-log', { range: [0, 999] });
    expect(new Set((ofB.body as Event[]).map((e) => e.companyId))).toEqual(new Set([w.companyB.id]));

    for (const actor of ['SHIPPER', 'BUYER'] as const) expectError(await w.clients[actor].get('/api/audit-log'), 403);
    expectError(await w.clients.pending.get('/api/audit-log'), 403, 'auth.pendingApproval');
    expectError(await w.clients.anonymous.get('/api/audit-log'), 401);
  });

  it('filters by entity, action, user and date, newest first, and exports the same rows', async () => {
    const filtered = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { entity: 'containers', action: 'create', userId: w.shipper.id }, range: [0, 999] });
    const rows = filtered.body as Event[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.entity === 'containers' && e.action === 'create' && e.userId === w.shipper.id)).toBe(true);
    expect(ids(filtered)).toEqual([...ids(filtered)].sort((a, b) => b - a));
    const future = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_gte: '2999-01-01' } });
    expect(future.body).toEqual([]);
    const today = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_gte: new Date().toISOString().slice(0, 10) }, range: [0, 0] });
    expect(today.body).toHaveLength(1);
    // An end date takes in that whole day; a range of days is both at once.
    const day = new Date().toISOString().slice(0, 10);
    const past = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_lte: '2000-12-31' } });
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    const untilToday = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_lte: day }, range: [0, 0] });
    expect(untilToday.body).toHaveLength(1);
    const ofToday = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { entity: 'containers', action: 'create', userId: w.shipper.id, createdAt_gte: day, createdAt_lte: day }, range: [0, 999] });
    expect(ids(ofToday)).toEqual(ids(filtered));
    const beforeToday = await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_gte: '2000-01-01', createdAt_lte: '2000-12-31' } });
    expect(beforeToday.body).toEqual([]);
    expectError(await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { createdAt_lte: 'yesterday' } }), 400);
    expectError(await getList(w.clients.SUPER_ADMIN, '/api/audit-log', { filter: { changes: 'x' } }), 400);

    const csv = await w.clients.SUPER_ADMIN.get('/api/audit-log/export').query({ format: 'csv', lang: 'en', filter: JSON.stringify({ entity: 'containers', action: 'create', userId: w.shipper.id }) });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Action');
    expect(lines).toHaveLength(rows.length + 1);
    expectError(await w.clients.SHIPPER.get('/api/audit-log/export'), 403);
  });

  it('cannot be changed or deleted through the API', async () => {
    const before = await t.db('audit_events').count({ n: '*' });
    const [{ id }] = await t.db('audit_events').orderBy('id', 'desc').limit(1).select('id');
    for (const res of [
      await w.clients.SUPER_ADMIN.delete(`/api/audit-log/${id}`),
      await w.clients.SUPER_ADMIN.patch(`/api/audit-log/${id}`).send({ action: 'create' }),
      await w.clients.SUPER_ADMIN.put(`/api/audit-log/${id}`).send({ action: 'create' }),
      await w.clients.SUPER_ADMIN.post('/api/audit-log').send({ action: 'create', entity: 'vehicles' }),
      await w.clients.SUPER_ADMIN.delete('/api/audit-log'),
    ]) {
      expect([404, 405]).toContain(res.status);
    }
    expect(await t.db('audit_events').count({ n: '*' })).toEqual(before);
  });

  it('keeps nothing of a change that failed: the event goes with its transaction', async () => {
    const number = freshNumber();
    await w.clients.SHIPPER.post('/api/containers').send({ number });
    const before = await t.db('audit_events').count({ n: '*' });
    // A duplicate number is refused (409) after nothing was written.
    expect((await w.clients.SHIPPER.post('/api/containers').send({ number })).status).toBe(409);
    // A vehicle into another company's container: refused inside the transaction that began it.
    const containerB = Number((await t.db('containers').insert({ number: freshNumber(), companyId: w.companyB.id, createdAt: new Date().toISOString() }))[0]);
    expect((await w.clients.SUPER_ADMIN.post('/api/vehicles').send({ vin: validVin(), companyId: w.companyA.id, containerId: containerB })).status).toBe(400);
    expect(await t.db('audit_events').count({ n: '*' })).toEqual(before);
  });
});

/**
 * The client's address of each event is the one of the request that made it (http/requestContext.ts
 * keeps it with the request's signed-in user), also when several people's requests run at once and
 * for the requests that have no signed-in user yet (a sign-in, a failed one, a registration).
 * Behind a trusted proxy, so each client has an address of its own.
 */
describe.each(ENGINES)('the addresses in the record of events on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const from = (agent: ReturnType<TestApp['anon']>, ip: string) => ({
    post: (path: string, body: object, headers: Record<string, string> = {}) => agent.post(path).set({ 'X-Forwarded-For': ip, ...headers }).send(body),
    patch: (path: string, body: object) => agent.patch(path).set('X-Forwarded-For', ip).send(body),
  });

  it('keeps each request\'s own address, with people writing at once', async () => {
    const company = await t.company();
    const people = await Promise.all([1, 2, 3].map((n) => t.user({ role: 'SHIPPER', companyId: company.id, username: `addr${n}-${randomBytes(3).toString('hex')}@events.example` })));
    const clients = people.map((person, i) => ({ person, ip: `10.20.0.${i + 1}`, agent: t.anon() }));
    for (const { person, ip, agent } of clients) expect((await from(agent, ip).post('/api/login', { username: person.username, password: PASSWORD })).status).toBe(200);

    // Each person's creates, edits and status changes, all at once; one create with an
    // Idempotency-Key (its commit marks the key of that request alone).
    await Promise.all(
      clients.map(async ({ ip, agent }, i) => {
        const client = from(agent, ip);
        const created = await Promise.all(
          [0, 1, 2].map((k) => client.post('/api/vehicles', { vin: validVin(), model: `Addr ${i}-${k}` }, k === 0 ? { 'Idempotency-Key': `addr-${ip}` } : {})),
        );
        for (const res of created) expect(res.status, JSON.stringify(res.body)).toBe(201);
        await Promise.all(created.map((res) => client.patch(`/api/vehicles/${res.body.id}/status`, { status: 'DISPATCHED' })));
        await Promise.all(created.map((res) => client.patch(`/api/vehicles/${res.body.id}`, { notes: `from ${ip}` })));
      }),
    );
    for (const { person, ip } of clients) {
      const events: Event[] = await t.db('audit_events').where({ userId: person.id });
      // Sign-in, three creates, three status changes, three edits.
      expect(events.filter((e) => e.action !== 'signIn')).toHaveLength(9);
      expect([...new Set(events.map((e) => e.ip))]).toEqual([ip]);
      expect(await t.db('idempotency_keys').where({ userId: person.id, idempotencyKey: `addr-${ip}`, state: 'done' }).first()).toBeDefined();
    }

    // No signed-in user yet: a failed sign-in, a registration (its create and its sign-in), a sign-out.
    expect((await from(t.anon(), '10.20.1.1').post('/api/login', { username: people[0].username, password: 'not it' })).status).toBe(401);
    const failed = await t.db('audit_events').where({ action: 'signInFailed', userId: people[0].id }).first();
    expect(failed.ip).toBe('10.20.1.1');
    const newcomer = t.anon();
    const username = `addr-new-${randomBytes(3).toString('hex')}@events.example`;
    expect((await from(newcomer, '10.20.1.2').post('/api/register', { username, password: PASSWORD })).status).toBe(201);
    const registered = await t.db('users').where({ username }).first();
    const own: Event[] = await t.db('audit_events').where({ userId: registered.id }).orderBy('id');
    expect(own.map((e) => [e.action, e.ip])).toEqual([['create', '10.20.1.2'], ['signIn', '10.20.1.2']]);
    expect((await from(clients[1].agent, '10.20.1.3').post('/api/logout', {})).status).toBe(200);
    expect((await t.db('audit_events').where({ action: 'signOut', userId: people[1].id }).first()).ip).toBe('10.20.1.3');
  });
});
