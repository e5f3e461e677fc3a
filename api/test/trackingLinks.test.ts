import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_TOKENS_PER_ADDRESS } from '../src/resources/trackingLinks/guessThrottle';
import { hashToken } from '../src/resources/trackingLinks/token';
import { binary } from './support/binaryBody';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const DAY = 24 * 60 * 60 * 1000;
const now = () => new Date().toISOString();
const photo = (color: string) => sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();

/**
 * Tracking links for buyers: staff who edit a vehicle make a link (`POST
 * /api/vehicles/{id}/tracking-links`), anyone holding it follows the car without a session
 * (`GET /api/track/{token}` and its thumbnails), and nothing else of the company shows.
 */
describe.each(ENGINES)('tracking links on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let vehicleId: number;
  let otherVehicleId: number;
  let vehicleOfB: number;
  let vin: string;
  let imageIds: number[];
  let otherImageId: number;

  beforeAll(async () => {
    // A trusted proxy, so the guessing test speaks from an address of its own (X-Forwarded-For).
    t = await startTestApp(engine, { TRUST_PROXY: 'true', VPIC_URL: 'http://127.0.0.1:9/api' });
    w = await seedWorld(t);
    const port = async (name: string, nameAr: string, country: string) => Number((await t.db('ports').insert({ name, nameAr, country, createdAt: now() }))[0]);
    const busan = await port('Busan', 'بوسان', 'KR');
    const jebelAli = await port('Jebel Ali', 'جبل علي', 'AE');
    const containerId = Number(
      (
        await t.db('containers').insert({
          number: 'MSCU1234565',
          companyId: w.companyA.id,
          shipperId: w.shipper.id,
          containerSize: '40HC',
          shippingLine: 'Maersk',
          sealNumber: 'SEAL-998877',
          bookingNumber: 'BK-445566',
          fromPortId: busan,
          toPortId: jebelAli,
          loadingDate: '2026-11-20',
          arrivalDate: '2026-12-28',
          createdAt: now(),
        })
      )[0],
    );
    vin = validVin();
    const vehicle = async (companyId: number, data: Record<string, unknown> = {}) =>
      Number((await t.db('vehicles').insert({ vin: validVin(), make: 'Toyota', model: 'Camry', year: 2021, status: 'NEW_PURCHASE', companyId, createdAt: now(), ...data }))[0]);
    vehicleId = await vehicle(w.companyA.id, {
      vin,
      make: 'Lexus',
      model: 'LX 600',
      year: 2023,
      containerId,
      buyerId: w.buyer.id,
      shipperId: w.shipper.id,
      notes: 'Paid 41,500 USD at auction; buyer owes the rest',
      vehicleInfo: JSON.stringify({ color: 'White', lotNumber: 'LOT-77' }),
    });
    otherVehicleId = await vehicle(w.companyA.id, { containerId });
    vehicleOfB = await vehicle(w.companyB.id);
    // A real history: two changes on the car, then the container's milestone (its date and the cars' status).
    await w.clients.SHIPPER.patch(`/api/vehicles/${vehicleId}/status`).send({ status: 'DISPATCHED' }).expect(200);
    await w.clients.SHIPPER.patch(`/api/vehicles/${vehicleId}/status`).send({ status: 'AT_WAREHOUSE' }).expect(200);
    await w.clients.SHIPPER.patch(`/api/containers/${containerId}/status`).send({ status: 'LOADED', at: '2026-11-21T08:00:00.000Z' }).expect(200);
    const upload = async (id: number, colors: string[]) => {
      const req = w.clients.SHIPPER.post(`/api/vehicles/${id}/files`);
      for (const [i, color] of colors.entries()) req.attach('file', await photo(color), { filename: `car-${i}.jpg`, contentType: 'image/jpeg' });
      const res = await req;
      expect(res.status).toBe(201);
      return (res.body as { id: number }[]).map((file) => file.id);
    };
    imageIds = await upload(vehicleId, ['#ffffff', '#202020']);
    [otherImageId] = await upload(otherVehicleId, ['#b3161b']);
    const doc = await w.clients.SHIPPER.post(`/api/vehicles/${vehicleId}/files`).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'title.pdf', contentType: 'application/pdf' });
    expect(doc.status).toBe(201);
  });
  afterAll(() => t.close());

  const create = (body: object = {}, client = w.clients.SHIPPER, id = vehicleId) => client.post(`/api/vehicles/${id}/tracking-links`).send(body);
  const track = (token: string, ip = '192.0.2.10') => t.anon().get(`/api/track/${token}`).set('X-Forwarded-For', ip);

  it('makes a link that works 30 days by default, answering {url, token, expiresAt} with a random 256-bit token', async () => {
    const before = Date.now();
    const res = await create();
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'token', 'url']);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(res.body.token, 'base64url')).toHaveLength(32);
    expect(res.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1(:\\d+)?/track/${res.body.token}$`));
    const expires = Date.parse(res.body.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(expires - before).toBeLessThanOrEqual(30 * DAY + 60_000);
    // Only the token's hash is stored.
    const rows = await t.db('tracking_links').where({ vehicleId });
    expect(rows.some((row) => row.tokenHash === hashToken(res.body.token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(res.body.token);
    expect(rows.find((row) => row.tokenHash === hashToken(res.body.token))).toMatchObject({ companyId: w.companyA.id, createdBy: w.shipper.id, revokedAt: null });
    // Two links are two tokens.
    expect((await create()).body.token).not.toBe(res.body.token);
  });

  it('takes 1 to 365 days, and refuses anything else with a 400 that stores nothing', async () => {
    const year = await create({ expiresInDays: 365 }, w.clients.COMPANY_ADMIN);
    expect(year.status).toBe(201);
    expect(Date.parse(year.body.expiresAt) - Date.now()).toBeGreaterThan(364 * DAY);
    expect((await create({ expiresInDays: 1 })).status).toBe(201);
    const count = async () => Number((await t.db('tracking_links').count({ n: '*' }))[0].n);
    const before = await count();
    for (const expiresInDays of [0, 366, -5, 2.5, '30', null, 'soon']) {
      const res = await create({ expiresInDays });
      expect(res.status, JSON.stringify(expiresInDays)).toBe(400);
      expect(res.body.code).toBe('validation.failed');
      expect(res.body.errors).toHaveProperty('expiresInDays');
    }
    expect(await count()).toBe(before);
  });

  it('is for those who edit vehicles: staff of the company and the super admin; buyers 403, anonymous 401, another company 404', async () => {
    expect((await create({}, w.clients.SUPER_ADMIN)).status).toBe(201);
    expect((await create({}, w.clients.COMPANY_ADMIN)).status).toBe(201);
    expect((await create({}, w.clients.SHIPPER)).status).toBe(201);
    // The buyer of this very car may not hand out links to it.
    expect((await create({}, w.clients.BUYER)).status).toBe(403);
    expect((await create({}, w.clients.pending)).status).toBe(403);
    expect((await create({}, t.anon())).status).toBe(401);
    const adminB = await t.signedIn(w.adminB.username);
    expect((await create({}, adminB)).status).toBe(404);
    expect((await create({}, w.clients.SHIPPER, vehicleOfB)).status).toBe(404);
    expect((await create({}, w.clients.SHIPPER, 99_999_999)).status).toBe(404);
    expect((await w.clients.BUYER.get(`/api/vehicles/${vehicleId}/tracking-links`)).status).toBe(403);
    expect((await adminB.get(`/api/vehicles/${vehicleId}/tracking-links`)).status).toBe(404);
  });

  it('shows the car to anyone holding the link, without a session, with exactly the data promised', async () => {
    const { token, expiresAt } = (await create({ expiresInDays: 10 })).body;
    const res = await track(token);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(Object.keys(res.body).sort()).toEqual(
      ['container', 'eta', 'expiresAt', 'fromPort', 'images', 'make', 'model', 'status', 'statusHistory', 'toPort', 'vinLast6', 'year'].sort(),
    );
    expect(res.body).toMatchObject({ make: 'Lexus', model: 'LX 600', year: 2023, vinLast6: vin.slice(-6), status: 'LOADED', eta: '2026-12-28', expiresAt });
    expect(res.body.statusHistory.map((e: { status: string }) => e.status)).toEqual(['DISPATCHED', 'AT_WAREHOUSE', 'LOADED']);
    for (const event of res.body.statusHistory) expect(Object.keys(event).sort()).toEqual(['at', 'status']);
    expect(res.body.container).toEqual({
      number: 'MSCU1234565',
      status: 'LOADED',
      milestones: [
        { milestone: 'LOADED', plannedAt: '2026-11-20', at: '2026-11-21T08:00:00.000Z' },
        { milestone: 'DEPARTED', plannedAt: null, at: null },
        { milestone: 'ARRIVED', plannedAt: '2026-12-28', at: null },
        { milestone: 'RELEASED', plannedAt: null, at: null },
      ],
    });
    expect(res.body.fromPort).toEqual({ name: 'Busan', nameAr: 'بوسان', country: 'KR' });
    expect(res.body.toPort).toEqual({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' });
    // The images only (not the PDF), each with its thumbnail's address under the token.
    expect(res.body.images).toEqual(imageIds.map((id) => ({ id, thumbnailUrl: `/api/track/${token}/images/${id}/thumbnail` })));
    // Nothing private anywhere in the answer: no full VIN, notes, prices, buyer, shipper, company, seal or booking.
    const text = JSON.stringify(res.body);
    for (const secret of [vin, 'Paid', '41,500', 'LOT-77', w.buyer.username, w.shipper.username, w.companyA.name, 'SEAL-998877', 'BK-445566', 'Maersk', 'Camry']) {
      expect(text).not.toContain(secret);
    }
  });

  it('serves the thumbnails of that vehicle’s images only, without a session', async () => {
    const { token } = (await create()).body;
    const thumb = await t.anon().get(`/api/track/${token}/images/${imageIds[0]}/thumbnail`).buffer(true).parse(binary);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['cache-control']).toBe('no-store');
    // Named by its id, not by the name it was uploaded under.
    expect(thumb.headers['content-disposition']).toBe(`inline; filename="photo-${imageIds[0]}.jpg"`);
    const meta = await sharp(thumb.body).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    // Another vehicle's image (same company, same container), a document, an unknown id: not found.
    expect((await t.anon().get(`/api/track/${token}/images/${otherImageId}/thumbnail`)).status).toBe(404);
    const documentId = (await t.db('vehicle_files').where({ vehicleId, fileType: 'DOCUMENT' }).first('id')).id;
    expect((await t.anon().get(`/api/track/${token}/images/${documentId}/thumbnail`)).status).toBe(404);
    expect((await t.anon().get(`/api/track/${token}/images/99999999/thumbnail`)).status).toBe(404);
    // The session routes still want a session for the same file.
    expect((await t.anon().get(`/api/vehicles/${vehicleId}/files/${imageIds[0]}/download?variant=thumbnail`)).status).toBe(401);
  });

  it('answers 404 for an unknown, an expired and a revoked token, alike', async () => {
    const unknown = await track('A'.repeat(43), '192.0.2.20');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Tracking link not found', code: 'notFound' });

    const expired = (await create()).body.token;
    expect((await track(expired, '192.0.2.20')).status).toBe(200);
    await t.db('tracking_links').where({ tokenHash: hashToken(expired) }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await track(expired, '192.0.2.20')).body).toEqual(unknown.body);
    expect((await t.anon().get(`/api/track/${expired}/images/${imageIds[0]}/thumbnail`).set('X-Forwarded-For', '192.0.2.20')).status).toBe(404);

    // Revoked by its raw token, as the issue names it; the answer is the link, without its token.
    const revoked = (await create()).body.token;
    const del = await w.clients.COMPANY_ADMIN.delete(`/api/vehicles/${vehicleId}/tracking-links/${revoked}`);
    expect(del.status).toBe(200);
    expect(Object.keys(del.body).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'id', 'revokedAt']);
    expect(del.body.revokedAt).toEqual(expect.any(String));
    expect((await track(revoked, '192.0.2.20')).body).toEqual(unknown.body);
    expect((await t.anon().get(`/api/track/${revoked}/images/${imageIds[0]}/thumbnail`).set('X-Forwarded-For', '192.0.2.20')).status).toBe(404);
    // Revoking it again, or through another vehicle's URL, finds nothing.
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/vehicles/${vehicleId}/tracking-links/${revoked}`)).status).toBe(404);

    // A deactivated company's links stop too.
    const live = (await create()).body.token;
    await t.db('companies').where({ id: w.companyA.id }).update({ active: false });
    try {
      expect((await track(live, '192.0.2.20')).status).toBe(404);
    } finally {
      await t.db('companies').where({ id: w.companyA.id }).update({ active: true });
    }
    expect((await track(live, '192.0.2.20')).status).toBe(200);
  });

  it('lists a vehicle’s working links without tokens, and revokes one by its id; others’ vehicles and tokens are not theirs', async () => {
    const made = (await create({ expiresInDays: 7 })).body;
    const list = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleId}/tracking-links`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    expect(JSON.stringify(list.body)).not.toContain('tokenHash');
    const mine = list.body.find((link: { expiresAt: string }) => link.expiresAt === made.expiresAt);
    expect(mine).toEqual({ id: expect.any(Number), createdAt: expect.any(String), expiresAt: made.expiresAt, revokedAt: null, createdBy: w.shipper.id, createdByName: w.shipper.username });
    // Revoked and expired links are not listed.
    const listed = list.body.map((link: { id: number }) => link.id);
    const gone = await t.db('tracking_links').where({ vehicleId }).where((q) => q.whereNotNull('revokedAt').orWhere('expiresAt', '<', now())).pluck('id');
    expect(gone.length).toBeGreaterThan(0);
    expect(listed.filter((id: number) => gone.includes(id))).toEqual([]);

    // Through another vehicle's URL, the link is not found and keeps working.
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${otherVehicleId}/tracking-links/${mine.id}`)).status).toBe(404);
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${otherVehicleId}/tracking-links/${made.token}`)).status).toBe(404);
    const adminB = await t.signedIn(w.adminB.username);
    expect((await adminB.delete(`/api/vehicles/${vehicleId}/tracking-links/${mine.id}`)).status).toBe(404);
    expect((await w.clients.BUYER.delete(`/api/vehicles/${vehicleId}/tracking-links/${mine.id}`)).status).toBe(403);
    expect((await track(made.token)).status).toBe(200);

    const byId = await w.clients.SHIPPER.delete(`/api/vehicles/${vehicleId}/tracking-links/${mine.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(mine.id);
    expect((await track(made.token)).status).toBe(404);
    const after = await w.clients.SHIPPER.get(`/api/vehicles/${vehicleId}/tracking-links`);
    expect(after.body.map((link: { id: number }) => link.id)).not.toContain(mine.id);
  });

  it('revokes a link once when asked at the same time from several tabs, and makes links concurrently: no 500', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ expiresInDays: i + 1 }, i % 2 ? w.clients.SHIPPER : w.clients.COMPANY_ADMIN)));
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(made.map((r) => r.body.token)).size).toBe(6);
    const { token } = made[0].body;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? w.clients.SHIPPER : w.clients.COMPANY_ADMIN).delete(`/api/vehicles/${vehicleId}/tracking-links/${token}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect((await track(token)).status).toBe(404);
  });

  it('opens nothing once its vehicle has moved to another company, nor is it listed there', async () => {
    const moving = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: now() }))[0]);
    const { token } = (await create({}, w.clients.SHIPPER, moving)).body;
    expect((await track(token)).status).toBe(200);
    expect((await w.clients.SUPER_ADMIN.patch(`/api/vehicles/${moving}`).send({ companyId: w.companyB.id })).status).toBe(200);
    expect((await track(token)).status).toBe(404);
    const listed = await w.clients.SUPER_ADMIN.get(`/api/vehicles/${moving}/tracking-links`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);
  });

  it('goes with its vehicle: deleting the vehicle deletes its links', async () => {
    const doomed = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: now() }))[0]);
    const { token } = (await create({}, w.clients.SHIPPER, doomed)).body;
    expect((await track(token)).status).toBe(200);
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${doomed}`)).status).toBe(200);
    expect(await t.db('tracking_links').where({ vehicleId: doomed }).first()).toBeUndefined();
    expect((await track(token)).status).toBe(404);
  });

  it(`refuses an address with 429 after ${UNKNOWN_TOKENS_PER_ADDRESS} unknown tokens, valid ones included, while other addresses go on`, async () => {
    const { token } = (await create()).body;
    const guesser = '198.51.100.77';
    // A valid link read often takes nothing from the address's allowance.
    for (let i = 0; i < 5; i++) expect((await track(token, guesser)).status).toBe(200);
    const guesses = [];
    for (let i = 0; i < UNKNOWN_TOKENS_PER_ADDRESS; i++) guesses.push((await track(`guess-${i}`.padEnd(43, 'x'), guesser)).status);
    expect(guesses).toEqual(Array(UNKNOWN_TOKENS_PER_ADDRESS).fill(404));
    const refused = await track('one-more-guess'.padEnd(43, 'y'), guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('tracking.tooManyGuesses');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Past the limit even a right token is refused from there (the guesser learns nothing more)...
    expect((await track(token, guesser)).status).toBe(429);
    expect((await t.anon().get(`/api/track/${token}/images/${imageIds[0]}/thumbnail`).set('X-Forwarded-For', guesser)).status).toBe(429);
    // ...and the buyer elsewhere still follows the car.
    expect((await track(token, '203.0.113.5')).status).toBe(200);
  });
});
