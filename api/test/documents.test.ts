import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { exe, html, pdf } from './support/fixtures';

describe.each(ENGINES)('shared documents on %s', (engine) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  const upload = (client: World['clients'][keyof World['clients']], body: Buffer, name: string, fields: Record<string, string> = {}) => {
    const req = client.post('/api/documents');
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req.attach('file', body, name);
  };

  it('lets a SUPER_ADMIN upload PDF, Word and text, for everyone or for one company', async () => {
    const shared = await upload(w.clients.SUPER_ADMIN, pdf(5000), 'Export rules 2026.pdf', { documentType: 'regulation', metadata: '{"country":"SA"}' });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ fileName: 'Export rules 2026.pdf', fileSize: 5000, mimeType: 'application/pdf', companyId: null, documentType: 'regulation', metadata: { country: 'SA' }, uploadedBy: w.superAdmin.id, uploaderName: w.superAdmin.username });
    const text = await upload(w.clients.SUPER_ADMIN, Buffer.from('Port hours: 8–17\nملاحظات'), 'hours.txt', { companyId: String(w.companyB.id) });
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({ mimeType: 'text/plain; charset=utf-8', companyId: w.companyB.id });

    const download = await w.clients.SUPER_ADMIN.get(`/api/documents/${text.body.id}/download`);
    expect(download.text).toBe('Port hours: 8–17\nملاحظات');
    expect(download.headers['content-disposition']).toBe('attachment; filename="hours.txt"');
  });

  it('refuses other file types by content, other roles, and bad fields, saving nothing', async () => {
    const before = Number((await t.db('documents').count({ n: '*' }))[0].n);
    expect((await upload(w.clients.SUPER_ADMIN, html, 'page.txt')).status).toBe(415);
    expect((await upload(w.clients.SUPER_ADMIN, exe, 'setup.pdf')).status).toBe(415);
    expect((await upload(w.clients.SUPER_ADMIN, pdf(), 'a.pdf', { metadata: 'not json' })).status).toBe(400);
    expect((await upload(w.clients.SUPER_ADMIN, pdf(), 'a.pdf', { companyId: '999999' })).status).toBe(400);
    for (const actor of ['SHIPPER', 'COMPANY_ADMIN', 'BUYER', 'pending'] as const) {
      expect((await upload(w.clients[actor], pdf(), 'a.pdf')).status, actor).toBe(403);
    }
    expect((await upload(w.clients.anonymous, pdf(), 'a.pdf')).status).toBe(401);
    expect(Number((await t.db('documents').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('lists documents for SUPER_ADMIN (all) and SHIPPER (shared and own company), not for others', async () => {
    const forA = (await upload(w.clients.SUPER_ADMIN, pdf(), 'for-a.pdf', { companyId: String(w.companyA.id) })).body;
    const forB = (await upload(w.clients.SUPER_ADMIN, pdf(), 'for-b.pdf', { companyId: String(w.companyB.id) })).body;
    const everyone = (await upload(w.clients.SUPER_ADMIN, pdf(), 'for-all.pdf')).body;
    const shipper = await w.clients.SHIPPER.get('/api/documents').query({ range: '[0,99]' });
    const ids = shipper.body.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([forA.id, everyone.id]));
    expect(ids).not.toContain(forB.id);
    expect(shipper.body[0]).toEqual(expect.objectContaining({ fileName: expect.any(String), fileSize: expect.any(Number), uploadedBy: w.superAdmin.id, createdAt: expect.any(String) }));
    expect(JSON.stringify(shipper.body)).not.toMatch(/"data"|fileContent/);
    expect((await w.clients.SHIPPER.get(`/api/documents/${forB.id}/download`)).status).toBe(404);
    expect((await w.clients.SHIPPER.get(`/api/documents/${forA.id}/download`)).status).toBe(200);
    const all = await w.clients.SUPER_ADMIN.get('/api/documents').query({ range: '[0,99]' });
    expect(all.body.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([forA.id, forB.id, everyone.id]));
    for (const actor of ['COMPANY_ADMIN', 'BUYER'] as const) expect((await w.clients[actor].get('/api/documents')).status).toBe(403);
  });

  it('lets a SUPER_ADMIN delete, and nobody else', async () => {
    const doc = (await upload(w.clients.SUPER_ADMIN, pdf(), 'old.pdf')).body;
    expect((await w.clients.SHIPPER.delete(`/api/documents/${doc.id}`)).status).toBe(403);
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/documents/${doc.id}`)).status).toBe(403);
    // Not even a shipper who once uploaded (as a super admin demoted in the database: the API never
    // changes a super admin's role): shared documents are the super administrators' alone.
    const uploader = await t.user({ role: 'SUPER_ADMIN' });
    const agent = await t.signedIn(uploader.username);
    const own = (await agent.post('/api/documents').attach('file', pdf(), 'mine.pdf')).body;
    await t.db('users').where({ id: uploader.id }).update({ role: 'SHIPPER', companyId: w.companyA.id });
    expect((await agent.delete(`/api/documents/${own.id}`)).status).toBe(403);
    const res = await w.clients.SUPER_ADMIN.delete(`/api/documents/${doc.id}`);
    expect(res.status).toBe(200);
    expect(res.body.fileName).toBe('old.pdf');
    expect(await t.db('documents').where({ id: doc.id }).first()).toBeUndefined();
    expect(Number((await t.db('file_chunks').where({ documentId: doc.id }).count({ n: '*' }))[0].n)).toBe(0);
  });
});
