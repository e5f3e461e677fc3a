import type { Knex } from 'knex';
import { isMysql } from '../api/src/db';
import { hashPassword } from '../api/src/services/passwords';
import { keepFiguresOfNewCompany } from '../api/src/resources/companies/bulkRows';
import { statusRank, VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { canonicalMake } from '../api/src/domain/makes';
import { vinCheckDigit } from '../api/src/domain/vin';

export const BENCH_PASSWORD = 'bench password 123';
export const MAKES = [['TOYOTA', 'Camry'], ['HONDA', 'Accord'], ['FORD', 'F-150'], ['NISSAN', 'Altima'], ['CHEVROLET', 'Tahoe'], ['LEXUS', 'LX 600'], ['HYUNDAI', 'Elantra'], ['KIA', 'Sorento'], ['BMW', 'X5'], ['MERCEDES-BENZ', 'GLE']] as const;
export const COLORS = ['White', 'Black', 'Silver', 'Red'] as const;
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The i-th bench VIN: unique per i (8-character serial), with a correct check digit. */
export function vinFor(i: number): string {
  let serial = '';
  for (let n = i; serial.length < 8; n = Math.floor(n / VIN_CHARS.length)) serial = VIN_CHARS[n % VIN_CHARS.length] + serial;
  const draft = `1HGCM8260${serial}`;
  return `1HGCM826${vinCheckDigit(draft)}${serial}`;
}

/** Sign-in names of company c's people (c from 1): the first shipper keeps the name older runs used. */
export const benchUsers = {
  admin: (c: number) => `admin${c}@bench.example`,
  shipper: (c: number, s = 0) => (s === 0 ? `shipper${c}@bench.example` : `shipper${c}-${s}@bench.example`),
  buyer: (c: number, b: number) => `buyer${c}-${b}@bench.example`,
};

export type BenchSizes = {
  companies: number;
  containersPerCompany: number;
  vehiclesPerCompany: number;
  /** Per company, besides its company admin. */
  shippersPerCompany?: number;
  buyersPerCompany?: number;
  /** One vehicle in this many is sold to one of the company's buyers (buyerId). */
  soldEvery?: number;
  /** Companies of different sizes: company c's vehicles (from 1), instead of vehiclesPerCompany. */
  vehiclesOf?: (c: number) => number;
};

export const DEFAULT_SIZES: BenchSizes = { companies: 100, containersPerCompany: 50, vehiclesPerCompany: 1000 };

/** Sizes for `total` vehicles in 100 companies, one container per 20 vehicles (50 per company at 100,000). */
export function sizesFor(totalVehicles: number): BenchSizes {
  const companies = 100;
  const vehiclesPerCompany = Math.max(1, Math.round(totalVehicles / companies));
  return { companies, vehiclesPerCompany, containersPerCompany: Math.max(1, Math.round(vehiclesPerCompany / 20)) };
}

/**
 * Per company: a company admin, shippers, buyers, containers and vehicles spread over a year; a
 * quarter of the vehicles in containers, one in `soldEvery` sold to a buyer. One transaction per
 * company and multi-row inserts, so a million vehicles seed in minutes.
 */
export async function seedBenchData(db: Knex, sizes: BenchSizes = DEFAULT_SIZES) {
  const { shippersPerCompany = 3, buyersPerCompany = 5, soldEvery = 3 } = sizes;
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const iso = (offset: number) => new Date(now - offset).toISOString();
  // Rows per insert: SQLite allows 32,766 bound values per statement, MySQL's packet is the limit.
  const chunk = 500;
  // The app's small SQLite page cache (db.ts) spills a company's index pages to the log over and
  // over; 256 MB for this connection keeps them in memory until the commit.
  if (!isMysql(db)) await db.raw('PRAGMA cache_size = -262144');
  let vinIndex = 0;
  for (let c = 1; c <= sizes.companies; c++) {
    await db.transaction(async (trx) => {
      const [companyId] = await trx('companies').insert({ name: `Exporter ${c}`, code: `EXP${c}`, active: true, createdAt: iso(c * 1000) });
      const person = (username: string, role: string) => ({ username, passwordHash: hash, role, companyId, active: true, pendingApproval: false, createdAt: iso(c) });
      await trx('users').insert([
        ...Array.from({ length: shippersPerCompany }, (_, s) => person(benchUsers.shipper(c, s), 'SHIPPER')),
        person(benchUsers.admin(c), 'COMPANY_ADMIN'),
        ...Array.from({ length: buyersPerCompany }, (_, b) => person(benchUsers.buyer(c, b), 'BUYER')),
      ]);
      const people = await trx('users').where({ companyId }).orderBy('id').select('id', 'role');
      const shipperIds = people.filter((p) => p.role === 'SHIPPER').map((p) => Number(p.id));
      const buyerIds = people.filter((p) => p.role === 'BUYER').map((p) => Number(p.id));
      const vehicleCount = sizes.vehiclesOf?.(c) ?? sizes.vehiclesPerCompany;
      const containerCount = sizes.vehiclesOf ? Math.max(1, Math.round(vehicleCount / 20)) : sizes.containersPerCompany;
      const containers = Array.from({ length: containerCount }, (_, k) => ({
        number: `BNC${String(c * 100000 + k).padStart(8, '0')}`,
        containerSize: '40HC',
        companyId,
        shipperId: shipperIds[k % shipperIds.length],
        createdAt: iso(Math.floor(Math.random() * year)),
      }));
      await trx.batchInsert('containers', containers, chunk);
      // The ids as stored: a Galera cluster steps auto-increments by its number of nodes, so a
      // batch's ids are not consecutive.
      const containerIds = (await trx('containers').where({ companyId }).orderBy('id').select('id')).map((row) => Number(row.id));
      const vehicles = Array.from({ length: vehicleCount }, (_, k) => {
        const [make, model] = MAKES[k % MAKES.length];
        return {
          vin: vinFor(vinIndex++),
          make: canonicalMake(make),
          model,
          year: 2015 + (k % 11),
          status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length],
          // Written past the operations: the rank the status sort reads is set here as they set it.
          statusRank: statusRank(VEHICLE_STATUSES[k % VEHICLE_STATUSES.length]),
          companyId,
          shipperId: shipperIds[k % shipperIds.length],
          buyerId: buyerIds.length && k % soldEvery === 0 ? buyerIds[(k / soldEvery) % buyerIds.length] : null,
          containerId: k % 4 === 0 ? containerIds[k % containerCount] : null,
          vehicleInfo: JSON.stringify({ color: COLORS[k % COLORS.length] }),
          createdAt: iso(Math.floor(Math.random() * year)),
        };
      });
      await trx.batchInsert('vehicles', vehicles, chunk);
      await keepFiguresOfNewCompany(trx, Number(companyId));
    });
  }
  return { vehicles: vinIndex };
}
