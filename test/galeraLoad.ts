/**
 * The load of scripts/galera-test.sh (run with tsx): writers add vehicles through two API processes (each on its
 * own Galera node) for a while, then a node is stopped (STOP_SIGNAL to its pid: SIGTERM, a clean
 * shutdown, or SIGKILL, a crash) while they go on. It waits until both processes have answered a write again, keeps the
 * load a little longer, and prints one JSON line: every acknowledged (201) vehicle's id, the
 * failed answers, and how long after the stop each process answered a write again. The shell
 * script then checks those ids on every node once the stopped one has rejoined.
 *
 * Env: API_URLS (two base URLs, comma-separated), ADMIN_USERNAME, ADMIN_PASSWORD, STOP_PID,
 * STOP_SIGNAL (SIGTERM), LOAD_BEFORE_MS (3000), LOAD_AFTER_MS (3000), WRITERS (4 per process),
 * COMPANY_CODE (GL + 4 digits of the time; each run of one database names its own), VIN_SERIES (a
 * VIN letter, A by default: each run of one database takes its own, as a VIN is stored once).
 */
import { vinCheckDigit } from '../api/src/domain/vin';

const apis = (process.env.API_URLS ?? '').split(',').filter(Boolean);
const beforeMs = Number(process.env.LOAD_BEFORE_MS ?? 3000);
const afterMs = Number(process.env.LOAD_AFTER_MS ?? 3000);
const writers = Number(process.env.WRITERS ?? 4);
const stopPid = Number(process.env.STOP_PID);
const stopSignal = (process.env.STOP_SIGNAL ?? 'SIGTERM') as NodeJS.Signals;
/** Whatever happens, the load ends: a process that never answers again fails the run. */
const GIVE_UP_MS = 30_000;

/** VINs of this run's own company: unique within it. */
let serial = 0;
const series = process.env.VIN_SERIES ?? 'A';
const stamp = process.env.COMPANY_CODE ?? `GL${Date.now().toString().slice(-4)}`;
function vin(): string {
  const tail = `${series}${String(serial++).padStart(7, '0')}`;
  return `1HGCM826${vinCheckDigit(`1HGCM8260${tail}`)}${tail}`;
}

async function signIn(api: string): Promise<string> {
  const res = await fetch(`${api}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in on ${api}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const post = (api: string, cookie: string, route: string, body: unknown) =>
  fetch(`${api}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });

const cookies = await Promise.all(apis.map(signIn));
const company = await post(apis[0], cookies[0], '/api/companies', { name: `Galera load ${stamp}`, code: stamp });
if (company.status !== 201) throw new Error(`company: ${company.status} ${await company.text()}`);
const companyId = (await company.json()).id as number;

const acknowledged: number[] = [];
const failures: Record<string, number> = {};
let stoppedAt: number | undefined;
const answeredAgainAt: (number | undefined)[] = apis.map(() => undefined);
let done = false;

async function writer(which: number) {
  while (!done) {
    const started = Date.now();
    try {
      const res = await post(apis[which], cookies[which], '/api/vehicles', { vin: vin(), make: 'Toyota', status: 'LOADED', companyId });
      if (res.status === 201) {
        acknowledged.push((await res.json()).id);
        if (stoppedAt !== undefined && answeredAgainAt[which] === undefined) answeredAgainAt[which] = Date.now();
      } else {
        const key = `${which}: ${res.status} ${((await res.json().catch(() => ({}))) as { code?: string }).code ?? ''}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    } catch (error) {
      const key = `${which}: ${(error as Error).name}`;
      failures[key] = (failures[key] ?? 0) + 1;
    }
    // A refused write is sent again at once, but not in a tight loop.
    if (Date.now() - started < 5) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const running = apis.flatMap((_, which) => Array.from({ length: writers }, () => writer(which)));
await new Promise((resolve) => setTimeout(resolve, beforeMs));
const beforeStop = acknowledged.length;
stoppedAt = Date.now();
process.kill(stopPid, stopSignal);
const giveUpAt = stoppedAt + GIVE_UP_MS;
while (Date.now() < giveUpAt && answeredAgainAt.some((at) => at === undefined)) await new Promise((resolve) => setTimeout(resolve, 50));
await new Promise((resolve) => setTimeout(resolve, afterMs));
done = true;
await Promise.all(running);

console.log(
  JSON.stringify({
    acknowledged,
    acknowledgedBeforeStop: beforeStop,
    failures,
    answeredAgainMs: answeredAgainAt.map((at) => (at === undefined ? null : at - stoppedAt!)),
  }),
);
