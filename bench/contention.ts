/**
 * npm run bench -- contention [seconds]: the fault probe's contention run. One company on two API
 * processes sharing one database: 30 users changing vehicle statuses (any status to any other, so
 * changes go opposite ways at once) and 10 adding vehicles, in a closed loop for 60 s; then 120
 * invoices of the company sent at once, half to each process. Prints the requests and the errors
 * (any answer that is not 2xx), and fails the run on any error. Before the write path kept the
 * counts in one order and retried deadlock victims, MariaDB failed 10.2% of these requests with a
 * 500, and 5 of the 120 invoices.
 */
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData, vinFor } from './seed';
import { startServer, stopServer, type ServerProcess } from './mixed/servers';

const STATUS_CHANGERS = 30;
const CREATORS = 10;
const INVOICES = 120;
const COMPANY = 1;
/** Above every VIN the seed gives (vinFor(0…199)). */
let nextVin = 1_000_000;

type Session = { base: string; cookie: string };
type Tally = { requests: number; errors: Map<string, number> };

async function signIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: BENCH_PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  return { base, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

async function send(session: Session, method: string, path: string, body: unknown, tally: Tally) {
  tally.requests++;
  let outcome: string;
  try {
    const res = await fetch(`${session.base}/api${path}`, { method, headers: { cookie: session.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.ok) return;
    outcome = `${method} ${path.replace(/\d+/g, '{id}')}: ${res.status} ${text.slice(0, 120)}`;
  } catch (error) {
    outcome = `${method} ${path.replace(/\d+/g, '{id}')}: ${(error as Error).message}`;
  }
  tally.errors.set(outcome, (tally.errors.get(outcome) ?? 0) + 1);
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

function report(engine: EngineName, label: string, tally: Tally) {
  const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`[${engine}] ${label}: ${tally.requests} requests, ${errors} errors\n`);
  for (const [outcome, n] of tally.errors) process.stdout.write(`    ${n} × ${outcome}\n`);
  return errors;
}

/** The invoices stored are numbered 1…n, each number once: none skipped, none reused. */
async function checkNumbers(engine: EngineName, databaseUrl: string, issued: number): Promise<number> {
  const db = createDb(databaseUrl);
  try {
    const numbers = (await db('invoices').orderBy('invoiceNumber').pluck('invoiceNumber')) as string[];
    const expected = Array.from({ length: issued }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`);
    const gapless = numbers.length === issued && numbers.every((n, i) => n === expected[i]);
    process.stdout.write(`[${engine}] invoice numbers: ${numbers.length} stored, ${gapless ? 'consecutive, each once' : 'NOT consecutive'}\n`);
    return gapless ? 0 : 1;
  } finally {
    await closeDb(db);
  }
}

export async function benchContention(engine: EngineName, seconds = 60): Promise<{ engine: EngineName; errors: number }> {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  await migrateLatest(db);
  await seedBenchData(db, { companies: 1, containersPerCompany: 10, vehiclesPerCompany: 200, shippersPerCompany: STATUS_CHANGERS + CREATORS, buyersPerCompany: 1 });
  const vehicleIds = (await db('vehicles').pluck('id')).map(Number);
  const containerIds = (await db('containers').pluck('id')).map(Number);
  await closeDb(db);

  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServer(database.url), await startServer(database.url));
    const bases = servers.map((server) => `http://127.0.0.1:${server.port}`);
    const sessions = await Promise.all(Array.from({ length: STATUS_CHANGERS + CREATORS }, (_, i) => signIn(bases[i % 2], benchUsers.shipper(COMPANY, i))));

    const busy: Tally = { requests: 0, errors: new Map() };
    const until = Date.now() + seconds * 1000;
    const changer = async (session: Session) => {
      while (Date.now() < until) await send(session, 'PATCH', `/vehicles/${pick(vehicleIds)}/status`, { status: pick(VEHICLE_STATUSES) }, busy);
    };
    const creator = async (session: Session) => {
      while (Date.now() < until) await send(session, 'POST', '/vehicles', { vin: vinFor(nextVin++), make: 'TOYOTA', model: 'Camry' }, busy);
    };
    await Promise.all(sessions.map((session, i) => (i < STATUS_CHANGERS ? changer(session) : creator(session))));
    let errors = report(engine, `${STATUS_CHANGERS} status changers and ${CREATORS} creators on two processes, ${seconds} s`, busy);

    const invoices: Tally = { requests: 0, errors: new Map() };
    const invoice = { containerIds: [containerIds[0]], paymentMethod: 'wireTransfer', date: '2026-11-21', buyerName: 'Mohammed Al Otaibi', salePrice: '1000.00', taxPercentage: '15' };
    await Promise.all(Array.from({ length: INVOICES }, (_, i) => send(sessions[i % 2], 'POST', '/invoice', invoice, invoices)));
    errors += report(engine, `${INVOICES} invoices of one company at once on two processes`, invoices);
    errors += await checkNumbers(engine, database.url, INVOICES - [...invoices.errors.values()].reduce((a, b) => a + b, 0));
    return { engine, errors };
  } finally {
    for (const server of servers) await stopServer(server);
    await database.drop();
  }
}
