import type { Knex } from 'knex';
import { hashPassword } from '../api/src/services/passwords';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { vinCheckDigit } from '../api/src/domain/vin';

export const BENCH_PASSWORD = 'bench password 123';
const MAKES = [['TOYOTA', 'Camry'], ['HONDA', 'Accord'], ['FORD', 'F-150'], ['NISSAN', 'Altima'], ['CHEVROLET', 'Tahoe'], ['LEXUS', 'LX 600'], ['HYUNDAI', 'Elantra'], ['KIA', 'Sorento'], ['BMW', 'X5'], ['MERCEDES-BENZ', 'GLE']];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function vinFor(i: number): string {
  let serial = '';
  for (let n = i; serial.length < 8; n = Math.floor(n / VIN_CHARS.length)) serial = VIN_CHARS[n % VIN_CHARS.length] + serial;
  const draft = `1HGCM8260${serial}`;
  return `1HGCM826${vinCheckDigit(draft)}${serial}`;
}

/** 100 companies, each with a shipper, 50 containers and 1,000 vehicles spread over a year. */
export async function seedBenchData(db: Knex, sizes = { companies: 100, containersPerCompany: 50, vehiclesPerCompany: 1000 }) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const iso = (offset: number) => new Date(now - offset).toISOString();
  let vinIndex = 0;
  for (let c = 1; c <= sizes.companies; c++) {
    await db.transaction(async (trx) => {
      const [companyId] = await trx('companies').insert({ name: `Exporter ${c}`, code: `EXP${c}`, active: true, createdAt: iso(c * 1000) });
      const [shipperId] = await trx('users').insert({ username: `shipper${c}@bench.example`, passwordHash: hash, role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: iso(c) });
      const containers = Array.from({ length: sizes.containersPerCompany }, (_, k) => ({
        number: `BNC${String(c * 1000 + k).padStart(7, '0')}`,
        containerSize: '40HC',
        companyId,
        shipperId,
        createdAt: iso(Math.floor(Math.random() * year)),
      }));
      await trx.batchInsert('containers', containers, 500);
      const firstContainer = Number((await trx('containers').where({ companyId }).min({ id: 'id' }))[0].id);
      const vehicles = Array.from({ length: sizes.vehiclesPerCompany }, (_, k) => {
        const [make, model] = MAKES[k % MAKES.length];
        return {
          vin: vinFor(vinIndex++),
          make,
          model,
          year: 2015 + (k % 11),
          status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length],
          companyId,
          shipperId,
          containerId: k % 4 === 0 ? firstContainer + (k % sizes.containersPerCompany) : null,
          vehicleInfo: JSON.stringify({ color: ['White', 'Black', 'Silver', 'Red'][k % 4] }),
          createdAt: iso(Math.floor(Math.random() * year)),
        };
      });
      await trx.batchInsert('vehicles', vehicles, 400);
    });
  }
}
