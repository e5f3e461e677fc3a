import type { Knex } from 'knex';
import { vinFor } from '../seed';

/** What the bench knows of the seeded data: ids to read, vehicles to write, VINs to create. */
export type VehicleState = { id: number; vin: string; status: string; containerId: number | null; companyId: number };
export type CompanyData = { index: number; id: number; vehicles: VehicleState[]; containerIds: number[] };
export type World = {
  companies: Map<number, CompanyData>;
  /** A buyer's vehicles, by sign-in name. */
  bought: Map<string, number[]>;
  totalVehicles: number;
  /** A VIN no vehicle has yet, with a correct check digit. */
  nextVin(): string;
};

/** Reads the companies numbered 1..count of the bench seed (codes EXP1...). */
export async function loadWorld(db: Knex, count: number, seededVehicles: number): Promise<World> {
  const companies = new Map<number, CompanyData>();
  const rows = await db('companies').whereIn('code', Array.from({ length: count }, (_, i) => `EXP${i + 1}`)).select('id', 'code');
  const byId = new Map<number, CompanyData>();
  for (const row of rows) {
    const company: CompanyData = { index: Number(String(row.code).slice(3)), id: Number(row.id), vehicles: [], containerIds: [] };
    companies.set(company.index, company);
    byId.set(company.id, company);
  }
  const ids = [...byId.keys()];
  const vehicles = await db('vehicles').whereIn('companyId', ids).orderBy('id').select('id', 'vin', 'status', 'containerId', 'companyId', 'buyerId');
  const boughtById = new Map<number, number[]>();
  for (const v of vehicles) {
    const state: VehicleState = { id: Number(v.id), vin: v.vin, status: v.status, containerId: v.containerId === null ? null : Number(v.containerId), companyId: Number(v.companyId) };
    byId.get(state.companyId)!.vehicles.push(state);
    if (v.buyerId !== null) boughtById.set(Number(v.buyerId), [...(boughtById.get(Number(v.buyerId)) ?? []), state.id]);
  }
  for (const c of await db('containers').whereIn('companyId', ids).orderBy('id').select('id', 'companyId')) byId.get(Number(c.companyId))!.containerIds.push(Number(c.id));
  const bought = new Map<string, number[]>();
  for (const b of await db('users').whereIn('companyId', ids).where({ role: 'BUYER' }).select('id', 'username')) bought.set(b.username, boughtById.get(Number(b.id)) ?? []);
  const [{ n }] = await db('vehicles').count({ n: '*' });
  let created = 0;
  return { companies, bought, totalVehicles: Number(n), nextVin: () => vinFor(seededVehicles + created++) };
}
