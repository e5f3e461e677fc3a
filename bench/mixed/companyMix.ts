import { VEHICLE_STATUSES } from '../../api/src/domain/statuses';
import { BENCH_PASSWORD, benchUsers, COLORS, MAKES } from '../seed';
import { jsonOf } from './http';
import { listPath, pick, VEHICLE_SORTS, type ConnectionSpec, type Operation, type Role, type Scenario, type VirtualUser } from './scenario';
import type { VehicleState } from './world';

/**
 * The daily work of 20 companies: shippers and company admins reading and writing their company's
 * vehicles and containers, buyers following the cars sold to them (DESIGN.md §4: a buyer reads its
 * own vehicles and the dashboard's counts, and writes nothing).
 *
 * Staff weights are 75 reads to 25 writes and buyers only read, so with 40 staff connections of 50
 * the whole mix comes to about 80/20; the output prints the share measured.
 */
export const COMPANIES_IN_USE = 20;

const PAGE = 25;

/** Shippers and company admins do the same work; buyers only what they may. */
const weigh = (staff: number, buyer = 0): Partial<Record<Role, number>> => ({ SHIPPER: staff, COMPANY_ADMIN: staff, BUYER: buyer });
const companyTotal = (user: VirtualUser) => user.company!.vehicles.length;
/** Page starts on a page boundary, as the console asks for them. */
const pageAt = (offset: number) => Math.max(0, Math.floor(offset / PAGE) * PAGE);
const ownedVehicle = (user: VirtualUser): VehicleState | null => (user.owned.length ? pick(user.owned) : null);

/** A search the way people type one: the end of a VIN, a make, the start of a model. */
function searchText(user: VirtualUser): string {
  const roll = Math.random();
  if (roll < 0.4 && user.role !== 'BUYER') return pick(user.company!.vehicles).vin.slice(-6);
  const [make, model] = pick(MAKES);
  return roll < 0.7 ? make.toLowerCase() : model.slice(0, 4).toLowerCase();
}

export const companyOperations: Operation[] = [
  // Reads: the vehicle list in its many shapes.
  {
    name: 'vehicles: first page, sorted',
    kind: 'read',
    weights: weigh(15, 30),
    plan: () => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS) }) }),
  },
  {
    name: 'vehicles: middle page',
    kind: 'read',
    weights: weigh(6),
    plan: (user) => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS), from: pageAt(companyTotal(user) / 2) }) }),
  },
  {
    name: 'vehicles: deep page',
    kind: 'read',
    weights: weigh(4),
    plan: (user) => ({ method: 'GET', path: listPath('vehicles', { sort: pick(VEHICLE_SORTS), from: pageAt(companyTotal(user) - PAGE * (1 + Math.floor(Math.random() * 4))) }) }),
  },
  {
    name: 'vehicles: status filter',
    kind: 'read',
    weights: weigh(8),
    plan: () => ({ method: 'GET', path: listPath('vehicles', { filter: { status: pick(VEHICLE_STATUSES) } }) }),
  },
  {
    name: 'vehicles: container filter',
    kind: 'read',
    weights: weigh(4),
    plan: (user) => ({ method: 'GET', path: listPath('vehicles', { filter: { containerId: pick(user.company!.containerIds) } }) }),
  },
  {
    name: 'vehicles: search q',
    kind: 'read',
    weights: weigh(10, 15),
    plan: (user) => ({ method: 'GET', path: listPath('vehicles', { filter: { q: searchText(user) } }) }),
  },
  {
    name: 'vehicle detail',
    kind: 'read',
    weights: weigh(12, 30),
    plan: (user) => {
      const id = user.role === 'BUYER' ? (user.bought.length ? pick(user.bought) : null) : pick(user.company!.vehicles).id;
      return id === null ? null : { method: 'GET', path: `/api/vehicles/${id}` };
    },
  },
  {
    name: 'containers: page',
    kind: 'read',
    weights: weigh(8),
    plan: (user) => ({ method: 'GET', path: listPath('containers', { from: pageAt(Math.random() < 0.7 ? 0 : Math.random() * user.company!.containerIds.length) }) }),
  },
  {
    name: 'dashboard',
    kind: 'read',
    weights: weigh(8, 25),
    plan: () => ({ method: 'GET', path: '/api/dashboard' }),
  },

  // Writes, each on a vehicle only this user writes (see Ledger).
  {
    name: 'write: status change',
    kind: 'write',
    weights: weigh(10),
    plan: (user, _world, ledger) => {
      const vehicle = ownedVehicle(user);
      if (!vehicle) return null;
      const status = pick(VEHICLE_STATUSES.filter((s) => s !== vehicle.status));
      return {
        // The console's status dropdown (dataProvider.setVehicleStatus).
        method: 'PATCH',
        path: `/api/vehicles/${vehicle.id}/status`,
        body: { status },
        acknowledged: () => {
          vehicle.status = status;
          ledger.status(vehicle.id, status);
        },
        failed: () => ledger.outcomeUnknown(vehicle.id),
      };
    },
  },
  {
    name: 'write: edit notes, colour',
    kind: 'write',
    weights: weigh(6),
    plan: (user, _world, ledger) => {
      const vehicle = ownedVehicle(user);
      if (!vehicle) return null;
      const notes = `Checked by ${user.username} at ${new Date().toISOString()}`;
      const color = pick(COLORS);
      return {
        method: 'PATCH',
        path: `/api/vehicles/${vehicle.id}`,
        body: { notes, vehicleInfo: { color } },
        acknowledged: () => ledger.edit(vehicle.id, notes, color),
        failed: () => ledger.outcomeUnknown(vehicle.id),
      };
    },
  },
  {
    name: 'write: container assignment',
    kind: 'write',
    weights: weigh(5),
    plan: (user, _world, ledger) => {
      const vehicle = ownedVehicle(user);
      if (!vehicle) return null;
      // Mostly into one of the company's containers, sometimes out of its container.
      const containerId = vehicle.containerId !== null && Math.random() < 0.2 ? null : pick(user.company!.containerIds);
      return {
        method: 'PATCH',
        path: `/api/vehicles/${vehicle.id}`,
        body: { containerId },
        acknowledged: () => {
          vehicle.containerId = containerId;
          ledger.container(vehicle.id, containerId);
        },
        failed: () => ledger.outcomeUnknown(vehicle.id),
      };
    },
  },
  {
    name: 'write: new vehicle',
    kind: 'write',
    weights: weigh(4),
    plan: (user, world, ledger) => {
      const company = user.company!;
      const vin = world.nextVin();
      const [make, model] = pick(MAKES);
      return {
        method: 'POST',
        path: '/api/vehicles',
        body: { vin, make, model, year: 2016 + Math.floor(Math.random() * 10), vehicleInfo: { color: pick(COLORS) } },
        acknowledged: (answer) => {
          const { id, status } = jsonOf<{ id: number; status: string }>(answer);
          ledger.create(vin, company.id);
          const state: VehicleState = { id, vin, status, containerId: null, companyId: company.id };
          company.vehicles.push(state);
          user.owned.push(state);
        },
      };
    },
  },
];

/**
 * 50 connections over companies 1..20: 25 shippers (companies 1 to 5 get a second one), 15
 * company admins (companies 6 to 20) and 10 buyers (companies 1 to 10), each signed in on its own.
 */
export function companyConnections(total = 50): ConnectionSpec[] {
  const shippers = Math.round(total / 2);
  const admins = Math.round(total * 0.3);
  return Array.from({ length: total }, (_, i) => {
    const c = (i % COMPANIES_IN_USE) + 1;
    const round = Math.floor(i / COMPANIES_IN_USE);
    if (i < shippers) return { role: 'SHIPPER' as const, username: benchUsers.shipper(c, round % 3), password: BENCH_PASSWORD, companyIndex: c };
    if (i < shippers + admins) return { role: 'COMPANY_ADMIN' as const, username: benchUsers.admin(c), password: BENCH_PASSWORD, companyIndex: c };
    return { role: 'BUYER' as const, username: benchUsers.buyer(c, round % 5), password: BENCH_PASSWORD, companyIndex: c };
  });
}

export const companyScenario: Scenario = {
  name: 'mixed',
  describe: (connections) => {
    const count = (role: Role) => connections.filter((c) => c.role === role).length;
    return `${connections.length} connections: ${count('SHIPPER')} shippers, ${count('COMPANY_ADMIN')} company admins, ${count('BUYER')} buyers of ${COMPANIES_IN_USE} companies`;
  },
  connections: () => companyConnections(Number(process.env.BENCH_CONNECTIONS ?? 50)),
  operations: companyOperations,
};

/**
 * BENCH_SCENARIO=pages: the same users reading the first page of their vehicle list, in every
 * sort, and nothing else: the open loop's "list pages" figures (issue 29).
 */
export const pagesScenario: Scenario = {
  ...companyScenario,
  name: 'pages',
  operations: companyOperations.filter((operation) => operation.name === 'vehicles: first page, sorted'),
};
