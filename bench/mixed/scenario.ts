import type { Answer, Session } from './http';
import type { Ledger } from './ledger';
import type { CompanyData, VehicleState, World } from './world';

/**
 * A scenario is who signs in and what they do: a list of operations, each with a weight per role
 * (an operation a role may not do has no weight for it). New scenarios (another role's lists, a
 * stall run beside a ZIP download) are a new list of operations and connections.
 */
export type Role = 'SUPER_ADMIN' | 'COMPANY_ADMIN' | 'SHIPPER' | 'BUYER';

/** One simulated console user with its own session. */
export type VirtualUser = {
  index: number;
  role: Role;
  username: string;
  session: Session;
  /** Staff: their company; a buyer: the company that sold it its cars. */
  company?: CompanyData;
  /** Vehicles only this user writes, so the last acknowledged value of each is the database's. */
  owned: VehicleState[];
  /** A buyer's own vehicles (buyerId). */
  bought: number[];
};

export type Planned = {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  /** A write answered 2xx: remember what the database must now hold. */
  acknowledged?: (answer: Answer) => void;
  /** A write that failed or got no answer: its outcome is unknown. */
  failed?: () => void;
};

export type Operation = {
  name: string;
  kind: 'read' | 'write';
  weights: Partial<Record<Role, number>>;
  /** The request to send now, or null when this user has nothing to do it on. */
  plan(user: VirtualUser, world: World, ledger: Ledger): Planned | null;
};

export type ConnectionSpec = { role: Role; username: string; password: string; companyIndex?: number };

export type Scenario = {
  name: string;
  /** One line for the output: who, how many, what mix. */
  describe(connections: ConnectionSpec[]): string;
  connections(world: World): ConnectionSpec[];
  operations: Operation[];
};

/** The vehicle list's sorts the console offers most: its columns' headers. */
export const VEHICLE_SORTS: [string, string][] = [['createdAt', 'DESC'], ['vin', 'ASC'], ['make', 'ASC'], ['year', 'DESC'], ['status', 'ASC']];

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** An operation chosen by the role's weights. */
export function chooseOperation(operations: readonly Operation[], role: Role): Operation | undefined {
  const allowed = operations.filter((op) => (op.weights[role] ?? 0) > 0);
  let roll = Math.random() * allowed.reduce((sum, op) => sum + op.weights[role]!, 0);
  for (const op of allowed) {
    roll -= op.weights[role]!;
    if (roll < 0) return op;
  }
  return allowed.at(-1);
}

/** A react-admin list URL (ra-data-simple-rest): sort, range and filter as JSON in the query. */
export function listPath(resource: string, { sort = ['createdAt', 'DESC'], from = 0, size = 25, filter = {} }: { sort?: [string, string]; from?: number; size?: number; filter?: object } = {}) {
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return `/api/${resource}?sort=${q(sort)}&range=${q([from, from + size - 1])}&filter=${q(filter)}`;
}
