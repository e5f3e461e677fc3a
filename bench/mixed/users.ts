import { isOk, Session, textOf, type Target } from './http';
import type { ConnectionSpec, VirtualUser } from './scenario';
import type { World } from './world';

/** Signs each connection in through POST /api/login: every simulated user gets its own session cookie. */
export async function signIn(specs: ConnectionSpec[], targets: Target[], world: World): Promise<VirtualUser[]> {
  const users: VirtualUser[] = [];
  // A few at a time: each sign-in hashes a password on the server's thread pool.
  for (let i = 0; i < specs.length; i += 5) {
    const batch = specs.slice(i, i + 5).map(async (spec, k) => {
      const session = new Session(targets, i + k);
      const answer = await session.request('POST', '/api/login', { username: spec.username, password: spec.password });
      if (!isOk(answer)) throw new Error(`sign-in of ${spec.username} failed: ${answer.status} ${textOf(answer)}`);
      const company = spec.companyIndex ? world.companies.get(spec.companyIndex) : undefined;
      return { index: i + k, role: spec.role, username: spec.username, session, company, owned: [], bought: world.bought.get(spec.username) ?? [] } satisfies VirtualUser;
    });
    users.push(...(await Promise.all(batch)));
  }
  return users;
}

/** Each company's vehicles shared out among its staff users: one writer per vehicle (see Ledger). */
export function shareOutVehicles(users: VirtualUser[], world: World) {
  for (const company of world.companies.values()) {
    const staff = users.filter((u) => u.company === company && u.role !== 'BUYER');
    company.vehicles.forEach((v, k) => staff.length && staff[k % staff.length].owned.push(v));
  }
}
