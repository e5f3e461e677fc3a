import { BENCH_PASSWORD, benchUsers } from '../seed';
import { companyOperations, COMPANIES_IN_USE } from './companyMix';
import type { Target } from './http';
import type { Ledger } from './ledger';
import { Recorder, routeRows, runOne } from './load';
import { listPath, type Operation } from './scenario';
import { signIn } from './users';
import type { World } from './world';

/** The sequential table: one shipper of a company the mix does not touch, one request at a time. */
export async function sequential(targets: Target[], world: World, ledger: Ledger, seconds: number) {
  const c = COMPANIES_IN_USE + 1;
  const [user] = await signIn([{ role: 'SHIPPER', username: benchUsers.shipper(c), password: BENCH_PASSWORD, companyIndex: c }], targets, world);
  user.owned = [...world.companies.get(c)!.vehicles];
  const pageRead: Operation = { name: 'page read (first 25 vehicles)', kind: 'read', weights: {}, plan: () => ({ method: 'GET', path: listPath('vehicles') }) };
  const statusChange = { ...companyOperations.find((op) => op.name === 'write: status change')!, name: 'status change' };
  const recorders: Recorder[] = [];
  for (const op of [pageRead, statusChange]) {
    await runOne(user, op, world, ledger, new Recorder(), 1); // warm-up
    const recorder = new Recorder();
    await runOne(user, op, world, ledger, recorder, seconds);
    recorders.push(recorder);
  }
  const [page, status] = recorders.map((r) => routeRows(r)[0]);
  return { page, status, failures: recorders.reduce((a, r) => a + r.errorCount, 0), samples: recorders.flatMap((r) => r.errorSamples) };
}
