import { VEHICLE_STATUSES } from '../../api/src/domain/statuses';
import { MAKES } from '../seed';
import { listPath, pick, VEHICLE_SORTS, type Operation, type Scenario } from './scenario';
import { BENCH_ADMIN_PASSWORD } from './servers';

/**
 * BENCH_SCENARIO=superadmin: the super administrator's screens over the whole install (every
 * company's vehicles): lists, sorts, searches, filters and the dashboard. Reads only.
 */
const w = (n: number) => ({ SUPER_ADMIN: n });

const operations: Operation[] = [
  { name: 'all vehicles: first page, sorted', kind: 'read', weights: w(20), plan: () => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS) }) }) },
  {
    name: 'all vehicles: deep page',
    kind: 'read',
    weights: w(5),
    plan: (_u, world) => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS), from: Math.max(0, Math.floor(world.totalVehicles / 25) * 25 - 25 * (1 + Math.floor(Math.random() * 4))) }) }),
  },
  { name: 'all vehicles: status filter', kind: 'read', weights: w(10), plan: () => ({ method: 'GET', path: listPath('vehicles', { filter: { status: pick(VEHICLE_STATUSES) } }) }) },
  {
    name: 'all vehicles: company filter',
    kind: 'read',
    weights: w(10),
    plan: (_u, world) => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS), filter: { companyId: pick([...world.companies.values()]).id } }) }),
  },
  {
    name: 'all vehicles: search q',
    kind: 'read',
    weights: w(20),
    plan: (_u, world) => {
      const roll = Math.random();
      const q = roll < 0.4 ? pick(pick([...world.companies.values()]).vehicles).vin.slice(-6) : roll < 0.7 ? pick(MAKES)[0].toLowerCase() : pick(MAKES)[1].slice(0, 4).toLowerCase();
      return { method: 'GET', path: listPath('vehicles', { filter: { q } }) };
    },
  },
  { name: 'companies: page', kind: 'read', weights: w(8), plan: () => ({ method: 'GET', path: listPath('companies', { sort: ['name', 'ASC'] }) }) },
  { name: 'users: page', kind: 'read', weights: w(7), plan: () => ({ method: 'GET', path: listPath('users', { sort: ['createdAt', 'DESC'] }) }) },
  { name: 'containers: page', kind: 'read', weights: w(8), plan: () => ({ method: 'GET', path: listPath('containers') }) },
  { name: 'dashboard', kind: 'read', weights: w(12), plan: () => ({ method: 'GET', path: '/api/dashboard' }) },
];

export const superAdminScenario: Scenario = {
  name: 'superadmin',
  describe: (connections) => `${connections.length} connections, each a session of the super admin`,
  connections: () =>
    Array.from({ length: Number(process.env.BENCH_CONNECTIONS ?? 10) }, () => ({ role: 'SUPER_ADMIN' as const, username: process.env.ADMIN_USERNAME ?? 'admin@example.com', password: BENCH_ADMIN_PASSWORD })),
  operations,
};
