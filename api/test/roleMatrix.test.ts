import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { ACTORS, seedWorld, type Actor, type World } from './support/world';
import { validVin } from './support/vins';
import sharp from 'sharp';

/**
 * Every route of the API foundation, for every actor, with the status the role table of
 * DESIGN.md §4 promises. Write routes get a fresh target per actor, so one actor's success never
 * changes what the next one sees.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Case = {
  route: string;
  method: Method;
  /** The request path; without it, the route's own path with {id} replaced by a fresh target's id. */
  path?: (t: TestApp, w: World) => string;
  target?: (t: TestApp, w: World) => Promise<number>;
  /** A path built from fresh records when one id is not enough. */
  targetPath?: (t: TestApp, w: World) => Promise<string>;
  body?: (t: TestApp, w: World, actor: Actor) => Promise<object> | object;
  /** A multipart upload instead of a JSON body. */
  attach?: () => { body: Buffer; name: string };
  /** Sign in afresh for this case (the route changes the session itself). */
  freshClient?: boolean;
  expected: Record<Actor, number>;
};

const deny = { anonymous: 401, pending: 403, BUYER: 403, SHIPPER: 403, COMPANY_ADMIN: 403 } as const;
const superAdminOnly = (ok: number) => ({ ...deny, SUPER_ADMIN: ok });
const admins = (ok: number) => ({ ...deny, COMPANY_ADMIN: ok, SUPER_ADMIN: ok });
const approved = (ok: number) => ({ anonymous: 401, pending: 403, BUYER: ok, SHIPPER: ok, COMPANY_ADMIN: ok, SUPER_ADMIN: ok });
const everyone = (ok: number) => ({ anonymous: ok, pending: ok, BUYER: ok, SHIPPER: ok, COMPANY_ADMIN: ok, SUPER_ADMIN: ok });

let n = 0;
const freshCompany = async (t: TestApp) => (await t.company()).id;
const freshUser = async (t: TestApp, w: World) => (await t.user({ role: 'SHIPPER', companyId: w.companyA.id })).id;
const staff = (ok: number) => ({ ...deny, SHIPPER: ok, COMPANY_ADMIN: ok, SUPER_ADMIN: ok });
const freshContainer = async (t: TestApp, w: World) =>
  Number((await t.db('containers').insert({ number: `MTX${String(n++).padStart(8, '0')}`, companyId: w.companyA.id, shipperId: w.shipper.id, createdAt: new Date().toISOString() }))[0]);
const freshVehicle = async (t: TestApp, w: World) =>
  Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, shipperId: w.shipper.id, buyerId: w.buyer.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
// A PNG of one pixel and a PDF, made once: uploads in the matrix only need something valid.
let tinyPng: Buffer;
const smallPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const freshVehicleFile = async (t: TestApp, w: World) => {
  const vehicleId = await freshVehicle(t, w);
  const [id] = await t.db('vehicle_files').insert({ vehicleId, companyId: w.companyA.id, fileType: 'IMAGE', fileName: 'a.png', mimeType: 'image/png', fileSize: tinyPng.length, createdAt: new Date().toISOString() });
  await t.db('file_chunks').insert({ vehicleFileId: Number(id), variant: 'original', seq: 0, data: tinyPng });
  return { vehicleId, fileId: Number(id) };
};
const freshContainerFile = async (t: TestApp, w: World) => {
  const containerId = await freshContainer(t, w);
  const [id] = await t.db('vehicle_files').insert({ containerId, companyId: w.companyA.id, fileType: 'IMAGE', fileName: 'a.png', mimeType: 'image/png', fileSize: tinyPng.length, createdAt: new Date().toISOString() });
  await t.db('file_chunks').insert({ vehicleFileId: Number(id), variant: 'original', seq: 0, data: tinyPng });
  return { containerId, fileId: Number(id) };
};
const freshDocument = async (t: TestApp, w: World) => {
  const [id] = await t.db('documents').insert({ fileName: 'd.pdf', mimeType: 'application/pdf', fileSize: smallPdf.length, uploadedBy: w.superAdmin.id, createdAt: new Date().toISOString() });
  await t.db('file_chunks').insert({ documentId: Number(id), variant: 'original', seq: 0, data: smallPdf });
  return Number(id);
};
const freshInvoice = async (t: TestApp, w: World) => {
  const [id] = await t.db('invoices').insert({
    invoiceNumber: `INV-2026-${String(n++).padStart(6, '0')}`, companyId: w.companyA.id, fileName: 'invoice-2026-11-21.pdf', containerIds: '[]', containerNumber: '',
    buyerName: 'B', salePrice: 1, taxPercentage: 0, taxAmount: 0, totalAmount: 1, paymentMethod: 'cash', issuedDate: '2026-11-21', fileSize: smallPdf.length, createdAt: new Date().toISOString(),
  });
  await t.db('file_chunks').insert({ invoiceId: Number(id), variant: 'pdf', seq: 0, data: smallPdf });
  return Number(id);
};
const freshPort = async (t: TestApp) => Number((await t.db('ports').insert({ name: `Port ${n++}`, nameAr: 'ميناء', country: 'UAE', createdAt: new Date().toISOString() }))[0]);

const CASES: Case[] = [
  { route: 'GET /api/health', method: 'get', expected: everyone(200) },
  {
    route: 'POST /api/register',
    method: 'post',
    path: () => '/api/register',
    body: () => ({ username: `matrix${n++}@example.com`, password: 'long enough password' }),
    freshClient: true,
    expected: everyone(201),
  },
  {
    route: 'POST /api/login',
    method: 'post',
    path: () => '/api/login',
    body: async (t, w) => ({ username: (await t.user({ role: 'BUYER', companyId: w.companyA.id })).username, password: PASSWORD }),
    freshClient: true,
    expected: everyone(200),
  },
  { route: 'POST /api/logout', method: 'post', freshClient: true, expected: everyone(200) },
  { route: 'GET /api/user', method: 'get', expected: { ...approved(200), pending: 200 } },
  { route: 'PATCH /api/user', method: 'patch', body: () => ({ language: 'ar' }), expected: { ...approved(200), pending: 200 } },
  {
    route: 'POST /api/user/password',
    method: 'post',
    body: () => ({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }),
    freshClient: true,
    expected: { ...approved(200), pending: 200 },
  },

  { route: 'GET /api/companies', method: 'get', expected: admins(200) },
  { route: 'GET /api/companies/{own}', method: 'get', path: (_t, w) => `/api/companies/${w.companyA.id}`, expected: approved(200) },
  { route: 'GET /api/companies/{other}', method: 'get', path: (_t, w) => `/api/companies/${w.companyB.id}`, expected: { ...approved(404), SUPER_ADMIN: 200 } },
  { route: 'POST /api/companies', method: 'post', body: () => ({ name: 'New Co', code: `NEW${n++}` }), expected: superAdminOnly(201) },
  { route: 'PATCH /api/companies/{id}', method: 'patch', target: freshCompany, body: () => ({ name: 'Renamed' }), expected: superAdminOnly(200) },
  { route: 'PUT /api/companies/{id}', method: 'put', target: freshCompany, body: () => ({ active: false }), expected: superAdminOnly(200) },
  { route: 'DELETE /api/companies/{id}', method: 'delete', target: freshCompany, expected: superAdminOnly(200) },

  { route: 'GET /api/users', method: 'get', expected: admins(200) },
  { route: 'GET /api/users/{own company}', method: 'get', path: (_t, w) => `/api/users/${w.shipper.id}`, expected: admins(200) },
  { route: 'GET /api/users/{other company}', method: 'get', path: (_t, w) => `/api/users/${w.buyerB.id}`, expected: { ...admins(200), COMPANY_ADMIN: 404 } },
  {
    route: 'POST /api/users',
    method: 'post',
    path: () => '/api/users',
    body: (_t, w) => ({ username: `made${n++}@example.com`, password: 'long enough password', role: 'BUYER', companyId: w.companyA.id, active: true, pendingApproval: false }),
    expected: superAdminOnly(201),
  },
  { route: 'PATCH /api/users/{id}', method: 'patch', target: freshUser, body: () => ({ role: 'BUYER' }), expected: superAdminOnly(200) },
  { route: 'PUT /api/users/{id}', method: 'put', target: freshUser, body: () => ({ active: false }), expected: superAdminOnly(200) },
  { route: 'POST /api/users/{id}/role', method: 'post', target: freshUser, body: () => ({ role: 'BUYER' }), expected: superAdminOnly(200) },
  { route: 'DELETE /api/users/{id}', method: 'delete', target: freshUser, expected: superAdminOnly(200) },
  // A buyer of the company admin's own company (canResetPassword has the whole rule).
  { route: 'POST /api/users/{id}/password', method: 'post', target: async (t, w) => (await t.user({ role: 'BUYER', companyId: w.companyA.id })).id, body: () => ({ newPassword: 'a brand new passphrase' }), expected: admins(200) },

  { route: 'GET /api/ports', method: 'get', expected: approved(200) },
  { route: 'GET /api/ports/{id}', method: 'get', target: freshPort, expected: approved(200) },
  { route: 'POST /api/ports', method: 'post', body: () => ({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' }), expected: superAdminOnly(201) },
  { route: 'PATCH /api/ports/{id}', method: 'patch', target: freshPort, body: () => ({ country: 'AE' }), expected: superAdminOnly(200) },
  { route: 'PUT /api/ports/{id}', method: 'put', target: freshPort, body: () => ({ name: 'Dammam' }), expected: superAdminOnly(200) },
  { route: 'GET /api/ports/{id}/usage', method: 'get', targetPath: async (t) => `/api/ports/${await freshPort(t)}/usage`, expected: superAdminOnly(200) },
  { route: 'DELETE /api/ports/{id}', method: 'delete', target: freshPort, expected: superAdminOnly(200) },

  { route: 'GET /api/containers', method: 'get', expected: staff(200) },
  { route: 'GET /api/containers/{id}', method: 'get', target: freshContainer, expected: staff(200) },
  { route: 'POST /api/containers', method: 'post', // Only a SUPER_ADMIN names the company and shipper; the others get their own.
    body: (_t, w, actor) => ({ number: `NEWU${String(n++).padStart(7, '0')}`, ...(actor === 'SUPER_ADMIN' ? { companyId: w.companyA.id, shipperId: w.shipper.id } : {}) }), expected: staff(201) },
  { route: 'PATCH /api/containers/{id}', method: 'patch', target: freshContainer, body: () => ({ sealNumber: 'S1' }), expected: staff(200) },
  { route: 'PUT /api/containers/{id}', method: 'put', target: freshContainer, body: () => ({ shippingLine: 'MSC' }), expected: staff(200) },
  { route: 'DELETE /api/containers/{id}', method: 'delete', target: freshContainer, expected: staff(200) },

  // A BUYER reads the vehicles sold to it; the fresh vehicles here are sold to the world's buyer.
  { route: 'GET /api/vehicles', method: 'get', expected: approved(200) },
  { route: 'GET /api/vehicles/{id}', method: 'get', target: freshVehicle, expected: approved(200) },
  { route: 'POST /api/vehicles', method: 'post', body: (_t, w) => ({ vin: validVin(), companyId: w.companyA.id }), expected: staff(201) },
  { route: 'PATCH /api/vehicles/{id}', method: 'patch', target: freshVehicle, body: () => ({ notes: 'checked' }), expected: staff(200) },
  { route: 'PUT /api/vehicles/{id}', method: 'put', target: freshVehicle, body: () => ({ model: 'Camry' }), expected: staff(200) },
  { route: 'PATCH /api/vehicles/{id}/status', method: 'patch', target: freshVehicle, body: () => ({ status: 'LOADED' }), expected: staff(200) },
  { route: 'DELETE /api/vehicles/{id}', method: 'delete', target: freshVehicle, expected: { ...deny, SHIPPER: 200, SUPER_ADMIN: 200 } },
  { route: 'GET /api/vin/{vin}', method: 'get', path: () => `/api/vin/${validVin()}`, expected: approved(200) },
  { route: 'GET /api/vehicle-makes', method: 'get', path: () => '/api/vehicle-makes?q=toy', expected: approved(200) },
  { route: 'GET /api/dashboard', method: 'get', expected: approved(200) },
  // Every approved user has their own notifications (the rows are narrowed to them).
  { route: 'GET /api/notifications', method: 'get', expected: approved(200) },
  { route: 'POST /api/notifications/read', method: 'post', body: () => ({ all: true }), expected: approved(200) },

  // Files follow their record: a BUYER reads the files of the vehicles sold to it.
  { route: 'POST /api/vehicles/{id}/files', method: 'post', target: freshVehicle, attach: () => ({ body: tinyPng, name: 'p.png' }), expected: staff(201) },
  { route: 'GET /api/vehicles/{id}/files/{fileId}/download', method: 'get', targetPath: async (t, w) => { const f = await freshVehicleFile(t, w); return `/api/vehicles/${f.vehicleId}/files/${f.fileId}/download`; }, expected: approved(200) },
  { route: 'DELETE /api/vehicles/{id}/files/{fileId}', method: 'delete', targetPath: async (t, w) => { const f = await freshVehicleFile(t, w); return `/api/vehicles/${f.vehicleId}/files/${f.fileId}`; }, expected: staff(200) },
  { route: 'GET /api/vehicles/{id}/download-images', method: 'get', targetPath: async (t, w) => `/api/vehicles/${(await freshVehicleFile(t, w)).vehicleId}/download-images`, expected: approved(200) },
  { route: 'POST /api/containers/{id}/files', method: 'post', target: freshContainer, attach: () => ({ body: tinyPng, name: 'p.png' }), expected: staff(201) },
  { route: 'GET /api/containers/{id}/files/{fileId}/download', method: 'get', targetPath: async (t, w) => { const f = await freshContainerFile(t, w); return `/api/containers/${f.containerId}/files/${f.fileId}/download`; }, expected: staff(200) },
  { route: 'DELETE /api/containers/{id}/files/{fileId}', method: 'delete', targetPath: async (t, w) => { const f = await freshContainerFile(t, w); return `/api/containers/${f.containerId}/files/${f.fileId}`; }, expected: staff(200) },
  { route: 'GET /api/containers/{id}/download-images', method: 'get', targetPath: async (t, w) => `/api/containers/${(await freshContainerFile(t, w)).containerId}/download-images`, expected: staff(200) },

  { route: 'GET /api/documents', method: 'get', expected: { ...deny, SHIPPER: 200, SUPER_ADMIN: 200 } },
  { route: 'POST /api/documents', method: 'post', attach: () => ({ body: smallPdf, name: 'd.pdf' }), expected: superAdminOnly(201) },
  { route: 'GET /api/documents/{id}/download', method: 'get', target: freshDocument, expected: { ...deny, SHIPPER: 200, SUPER_ADMIN: 200 } },
  // Deleting is for a SUPER_ADMIN or the uploader (a SUPER_ADMIN here), so a SHIPPER is refused.
  { route: 'DELETE /api/documents/{id}', method: 'delete', target: freshDocument, expected: superAdminOnly(200) },

  { route: 'POST /api/vehicles/{id}/files/{fileId}/detect-color', method: 'post', targetPath: async (t, w) => { const f = await freshVehicleFile(t, w); return `/api/vehicles/${f.vehicleId}/files/${f.fileId}/detect-color`; }, expected: staff(200) },
  // Ollama is unreachable here: the analysis is allowed for a SUPER_ADMIN, and answers 503.
  { route: 'POST /api/vehicles/{id}/accident-analysis', method: 'post', targetPath: async (t, w) => `/api/vehicles/${(await freshVehicleFile(t, w)).vehicleId}/accident-analysis`, expected: superAdminOnly(503) },
  { route: 'GET /api/ai/status', method: 'get', expected: superAdminOnly(200) },

  { route: 'POST /api/invoice', method: 'post', body: async (t, w) => ({ containerIds: [await freshContainer(t, w)], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'Buyer', companyName: 'Seller', salePrice: '100', taxPercentage: '15' }), expected: staff(201) },
  { route: 'GET /api/invoices', method: 'get', expected: staff(200) },
  { route: 'GET /api/invoices/{id}', method: 'get', target: freshInvoice, expected: staff(200) },
  { route: 'GET /api/invoices/{id}/download', method: 'get', target: freshInvoice, expected: staff(200) },
  { route: 'DELETE /api/invoices/{id}', method: 'delete', target: freshInvoice, expected: staff(200) },
];

async function resolvePath(c: Case, t: TestApp, w: World): Promise<string> {
  if (c.path) return c.path(t, w);
  if (c.targetPath) return c.targetPath(t, w);
  const [, template] = c.route.split(' ');
  return c.target ? template.replace('{id}', String(await c.target(t, w))) : template;
}

describe.each(ENGINES)('role × route matrix on %s', (engine) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    // vPIC is unreachable here (a closed port): the bundled decoder answers at once.
    t = await startTestApp(engine, { VPIC_URL: 'http://127.0.0.1:9/api', VPIC_TIMEOUT_MS: '500', OLLAMA_HOST: 'http://127.0.0.1:9' });
    w = await seedWorld(t);
    tinyPng = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c00' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const seen: Record<string, number> = {};
    for (const actor of ACTORS) {
      const client = c.freshClient ? await freshClientFor(actor) : w.clients[actor];
      const path = await resolvePath(c, t, w);
      const req = client[c.method](path);
      const file = c.attach?.();
      const res = file ? await req.attach('file', file.body, file.name) : c.body ? await req.send(await c.body(t, w, actor)) : await req;
      seen[actor] = res.status;
      if (res.status >= 400) expect(res.body.message, `${actor} ${c.route}`).toEqual(expect.any(String));
    }
    expect(seen).toEqual(c.expected);
  });

  async function freshClientFor(actor: Actor) {
    if (actor === 'anonymous') return t.anon();
    const user =
      actor === 'pending'
        ? await t.user({ role: null, pendingApproval: true })
        : await t.user({ role: actor, companyId: actor === 'SUPER_ADMIN' ? null : w.companyA.id });
    return t.signedIn(user.username);
  }
});
