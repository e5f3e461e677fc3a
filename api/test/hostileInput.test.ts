import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { ACTORS, seedWorld, type World } from './support/world';

/**
 * Generated hostile requests at every route, as every role: bodies, query strings, headers, path
 * ids and upload file names. Any 5xx, or a request that does not finish, fails the property (and
 * fast-check shrinks it to the smallest such request). Runs are few enough that the file takes
 * well under a minute per engine.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 1000);
/** An outer limit only: a hung request fails the run rather than the suite's timeout. */
const REQUEST_LIMIT_MS = 20_000;

const printable = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~'.split('')), maxLength: 40 });
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 });
const jsonLike = fc.jsonValue({ maxDepth: 6 });
const hostileJson = fc.oneof(
  jsonLike.map((v) => JSON.stringify(v)),
  fc.nat({ max: 200 }).map((n) => '['.repeat(n * 30) + ']'.repeat(n * 30)),
  fc.record({ sort: jsonLike, filter: jsonLike }).map((v) => JSON.stringify(v)),
  printable,
  anyText,
);
const queryValue = fc.oneof(
  jsonLike.map((v) => JSON.stringify(v)),
  fc.tuple(anyText, fc.oneof(jsonLike, anyText)).map(([f, o]) => JSON.stringify([f, o])),
  fc.dictionary(anyText, fc.oneof(jsonLike, anyText), { maxKeys: 3 }).map((d) => JSON.stringify(d)),
  anyText,
);
const query = fc.dictionary(fc.oneof(fc.constantFrom('sort', 'range', 'filter', 'q', 'companyId', 'variant', 'vin'), anyText), queryValue, { maxKeys: 4 });
const pathValue = fc.oneof(fc.integer({ min: -5, max: 50 }).map(String), fc.constantFrom('0', '1e3', '9007199254740993', '-0', '%00', '..', 'null', ' 1'), anyText.map(encodeURIComponent));
const headers = fc.record(
  {
    'Content-Type': fc.constantFrom('application/json', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/vnd.api+json'),
    'Content-Encoding': fc.constantFrom('deflate', 'gzip', 'br', 'identity', 'x-nope', 'gzip, deflate'),
    Accept: fc.constantFrom('application/json', '*/*', 'text/html', 'image/png'),
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
    'Accept-Language': printable,
    'If-None-Match': printable,
    Range: fc.constantFrom('bytes=0-1', 'bytes=-5', 'bytes=9-2', 'items=0-1', 'bytes=0-1,3-4'),
    'X-Forwarded-For': printable,
    'Idempotency-Key': fc.oneof(printable, fc.constantFrom('k1', 'k2')),
  },
  { requiredKeys: [] },
);
const upload = fc.record({ name: fc.oneof(anyText, printable, fc.constantFrom('\u202Egpj.exe', '../../etc/passwd', '', 'a'.repeat(300))), bytes: fc.uint8Array({ maxLength: 64 }) });

describe.each(ENGINES)('hostile requests on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await startTestApp(engine, { UPLOAD_MAX_MB: '1' });
    w = await seedWorld(t);
    routes = t.app.apiRoutes();
  });
  afterAll(() => t?.close());

  it('knows the routes it visits', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers every generated request at every route, as every role, with a status below 500', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.constantFrom(...ACTORS),
        fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        query,
        headers,
        fc.option(hostileJson, { nil: undefined }),
        fc.option(upload, { nil: undefined }),
        async (routeIndex, actor, params, q, hs, body, file) => {
          const route = routes[routeIndex % routes.length];
          let i = 0;
          const path = route.path.replace(/:[A-Za-z]+/g, () => params[i++ % params.length]);
          // Signing out would leave the role's client signed out for every later run: that one goes anonymous.
          const client = route.path === '/api/logout' ? t.anon() : w.clients[actor];
          let req = client[route.method.toLowerCase() as 'get'](path).timeout(REQUEST_LIMIT_MS);
          // The query string is sent as generated, in one piece: duplicates and odd keys included.
          req = req.query(new URLSearchParams(q).toString());
          for (const [name, value] of Object.entries(hs)) if (name !== 'Content-Type' && name !== 'Content-Encoding') req = req.set(name, value);
          if (file && route.method !== 'GET') {
            req = req.attach('file', Buffer.from(file.bytes), file.name || 'unnamed');
          } else if (body !== undefined && route.method !== 'GET') {
            if (hs['Content-Type']) req = req.set('Content-Type', hs['Content-Type']);
            if (hs['Content-Encoding']) req = req.set('Content-Encoding', hs['Content-Encoding']);
            req = req.send(body);
          }
          const res = await req;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) throw new Error(`${route.method} ${path} as ${actor} answered ${res.status}: ${JSON.stringify(res.body)}`);
        },
      ),
      { numRuns: RUNS, interruptAfterTimeLimit: undefined },
    );
    console.log(`${engine}: ${RUNS} hostile requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 240_000);
});
