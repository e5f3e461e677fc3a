import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { DomainError } from '../domain/errors';
import type { Role } from '../domain/roles';
import { DEFAULT_VEHICLE_STATUS, statusRank, VEHICLE_STATUSES } from '../domain/statuses';
import { hashPassword } from '../services/passwords';
import { Company } from '../resources/companies/model';
import { CompanyCreateSchema } from '../resources/companies/schema';
import { deleteCompanyWithData } from '../resources/companies/cascade';
import { keepFiguresOfNewCompany } from '../resources/companies/bulkRows';
import { Container } from '../resources/containers/model';
import { ContainerCreateSchema } from '../resources/containers/schema';
import { storeRecordFiles } from '../resources/files/store';
import type { FileStorage } from '../services/storage';
import { Port } from '../resources/ports/model';
import { PortCreateSchema } from '../resources/ports/schema';
import { User } from '../resources/users/model';
import { UserCreateSchema } from '../resources/users/schema';
import { Vehicle } from '../resources/vehicles/model';
import { canonicalMake } from '../domain/makes';
import { VehicleCreateSchema } from '../resources/vehicles/schema';
import { VehicleStatusEvent } from '../resources/vehicles/statusEvents';
import { DEMO_COMPANY, DEMO_CONTAINERS, DEMO_PHOTOS_PER_VEHICLE, DEMO_PORTS, DEMO_USERS, DEMO_VEHICLES, type DemoVehicle } from './demoCompany';
import { demoCarPhoto } from './demoPhotos';
import { writeTransaction } from '../resources/writeTransaction';

export type DemoAccount = { username: string; role: Role; password: string };
export type DemoLoaded = {
  company: { id: number; name: string; code: string };
  accounts: DemoAccount[];
  counts: { ports: number; containers: number; vehicles: number; photos: number };
};
export type DemoOptions = {
  /** One password for every demo account (DEMO_PASSWORD); otherwise each gets a random one. */
  password?: string;
  /** The upload limit the photos are stored under (UPLOAD_MAX_PIXELS_MP), as any upload. */
  maxPixels: number;
  /** Where the photos go (STORAGE_URL), as any upload's. */
  storage: FileStorage;
  now?: Date;
};

export const INSTALL_NOT_EMPTY = 'The demo data is only loaded into an install without companies; this one has some, so nothing was changed';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Loads the demo company (demoCompany.ts) into an install that has no company yet, and refuses
 * (409, nothing changed) any other: demo records mixed into real ones could be taken for real.
 * Everything is written through the models and checked by the schemas the API checks input with,
 * photos through the file store, so the demo is data the console shows like any other. Records
 * are written in one transaction; photos afterwards (the image work must not hold SQLite's one
 * writer), and if they fail the demo is removed again, so it is loaded whole or not at all.
 */
export async function loadDemoData(db: Knex, options: DemoOptions): Promise<DemoLoaded> {
  const now = options.now ?? new Date();
  if (await installHasCompanies(db)) throw notEmpty();
  // Hashing is slow on purpose: done before the transaction, so it holds no lock meanwhile.
  const accounts = DEMO_USERS.map((user) => ({ ...user, password: options.password ?? randomBytes(12).toString('base64url') }));
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password)));

  const written = await writeTransaction(db, async (trx) => {
    // Asked again inside: another process may have created a company since.
    if (await installHasCompanies(trx)) throw notEmpty();
    const company = await Company.query(trx).insertAndFetch(CompanyCreateSchema.parse(DEMO_COMPANY));

    const portIds = new Map<string, number>();
    for (const { key, ...port } of DEMO_PORTS) {
      portIds.set(key, (await Port.query(trx).insert(PortCreateSchema.parse(port))).id);
    }

    const userIds = new Map<string, number>();
    for (const [i, account] of accounts.entries()) {
      const { password: _checked, ...fields } = UserCreateSchema.parse({ ...account, companyId: company.id });
      // A demo account is for trying the console: no forced password change at the first sign-in.
      const user = await User.query(trx).insert({ ...fields, passwordHash: hashes[i], mustChangePassword: false });
      userIds.set(account.key, user.id);
    }
    const shipperId = userIds.get('shipper')!;

    const containerIds = new Map<string, number>();
    const containerPorts = new Map<string, { fromPortId: number; toPortId: number }>();
    for (const c of DEMO_CONTAINERS) {
      const ports = { fromPortId: portIds.get(c.from)!, toPortId: portIds.get(c.to)! };
      const fields = ContainerCreateSchema.parse({
        number: c.number,
        bookingNumber: c.bookingNumber,
        containerSize: c.containerSize,
        sealNumber: c.sealNumber,
        shippingLine: c.shippingLine,
        loadingDate: isoDay(dayOffset(now, c.loadingInDays)),
        arrivalDate: isoDay(dayOffset(now, c.arrivalInDays)),
        ...ports,
      });
      const createdAt = dayOffset(now, Math.min(0, c.loadingInDays - 7)).toISOString();
      const container = await Container.query(trx).insert({ ...fields, companyId: company.id, shipperId, createdAt });
      containerIds.set(c.key, container.id);
      containerPorts.set(c.key, ports);
    }

    const vehicleIds: number[] = [];
    for (const v of DEMO_VEHICLES) {
      const route = v.container ? containerPorts.get(v.container)! : { fromPortId: portIds.get('houston')!, toPortId: portIds.get('jeddah')! };
      const fields = VehicleCreateSchema.parse({
        vin: v.vin,
        make: v.make,
        model: v.model,
        year: v.year,
        notes: v.notes,
        vehicleInfo: { color: v.color },
        status: v.status,
        containerId: v.container ? containerIds.get(v.container)! : null,
        buyerId: v.soldToBuyer ? userIds.get('buyer')! : null,
        ...route,
      });
      const history = statusHistory(v, now);
      const status = fields.status ?? DEFAULT_VEHICLE_STATUS;
      const vehicle = await Vehicle.query(trx).insert({ ...fields, make: canonicalMake(fields.make), status, statusRank: statusRank(status), companyId: company.id, shipperId, createdAt: history[0].createdAt });
      for (const event of history) await VehicleStatusEvent.query(trx).insert({ vehicleId: vehicle.id, userId: shipperId, ...event });
      vehicleIds.push(vehicle.id);
    }
    await keepFiguresOfNewCompany(trx, company.id);
    return { company, portIds: [...portIds.values()], containerCount: containerIds.size, vehicleIds, shipperId };
  });

  let photos = 0;
  try {
    photos = await storeDemoPhotos(db, options.storage, written.vehicleIds, written.company.id, written.shipperId, options.maxPixels);
  } catch (error) {
    await options.storage.remove(await deleteCompanyWithData(db, written.company.id, null)).catch(() => undefined); // else the sweep's
    await Port.query(db).whereIn('id', written.portIds).delete();
    throw error;
  }

  return {
    company: { id: written.company.id, name: written.company.name, code: written.company.code },
    accounts: accounts.map(({ username, role, password }) => ({ username, role, password })),
    counts: { ports: written.portIds.length, containers: written.containerCount, vehicles: written.vehicleIds.length, photos },
  };
}

async function installHasCompanies(db: Knex): Promise<boolean> {
  return Boolean(await Company.query(db).first().select('id'));
}

const notEmpty = () => new DomainError('conflict', 'demo.installNotEmpty', INSTALL_NOT_EMPTY);

/**
 * Every status from NEW_PURCHASE up to the vehicle's own, in the order of the statuses, spread
 * over the days since it was bought: the history a shipper would have recorded.
 */
function statusHistory(v: DemoVehicle, now: Date): { fromStatus: string | null; toStatus: string; createdAt: string }[] {
  const steps = VEHICLE_STATUSES.slice(0, VEHICLE_STATUSES.indexOf(v.status) + 1);
  const bought = dayOffset(now, -v.boughtDaysAgo);
  const stepMs = steps.length > 1 ? ((v.boughtDaysAgo - 1) * DAY_MS) / (steps.length - 1) : 0;
  return steps.map((status, i) => ({
    fromStatus: i === 0 ? null : steps[i - 1],
    toStatus: status,
    createdAt: new Date(bought.getTime() + i * stepMs).toISOString(),
  }));
}

/** Each vehicle's drawn photos, stored as an upload would be (original, viewer JPEG, thumbnail). */
async function storeDemoPhotos(db: Knex, storage: FileStorage, vehicleIds: number[], companyId: number, userId: number, maxPixels: number): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-photos-'));
  // The demo's shipper, as its uploads' events name it.
  const uploader = (await User.query(db).findById(userId).select('id', 'username', 'role', 'companyId'))!;
  let stored = 0;
  try {
    for (const [i, v] of DEMO_VEHICLES.entries()) {
      const files = [];
      for (let n = 0; n < DEMO_PHOTOS_PER_VEHICLE; n++) {
        const name = `${v.make}-${v.model}-${n + 1}.jpg`.toLowerCase().replace(/[^a-z0-9.]+/g, '-');
        const file = path.join(dir, `${i}-${name}`);
        const bytes = await demoCarPhoto(v.color, n);
        await writeFile(file, bytes);
        files.push({ path: file, name, size: bytes.length });
      }
      stored += (await storeRecordFiles(db, storage, files, { vehicleId: vehicleIds[i] }, companyId, uploader, maxPixels)).length;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return stored;
}
