import type { Knex } from 'knex';
import { selectRows } from '../../db';
import { can, canSeeStatistics, seesOnlyOwnPurchases } from '../../domain/permissions';
import { DELIVERED_STATUS, VEHICLE_STATUSES } from '../../domain/statuses';
import { Vehicle } from '../vehicles/model';
import { newestOfEachStatus } from '../vehicles/newestOfEachStatus';
import { isVinCheckDigitValid } from '../../domain/vin';
import { keptRowCount } from '../rowCounts';
import { Company } from '../companies/model';
import { Container } from '../containers/model';
import type { User } from '../users/model';
import { scopeBindings, sqlScopeOf } from '../sqlScope';
import { dashboardFigures } from './figures';

const RECENT = 5;
/**
 * Vehicles listed in each status card (the card scrolls; the count tells the rest). At least
 * RECENT: staff's newest vehicles are then the newest of the cards' (each is among the newest of
 * its own status), and need no query of their own.
 */
const PER_STATUS = 20;
/** A buyer's "arriving soon": containers due within this many days, or overdue and not delivered. */
export const ARRIVING_WITHIN_DAYS = 14;
const ARRIVING_LIMIT = 10;

/**
 * A buyer's parts, by constant texts in the buyer's scope (Vehicle's `scopedTo`: their purchases),
 * the rows then made models as objection makes them, so the answer is the models' JSON: a buyer's
 * home page built four queries through objection, which cost more than running them.
 */
const BUYER_VEHICLES = 'select count(*) as n from vehicles where vehicles.buyerId = ?';
const BUYER_CONTAINERS = 'select count(distinct vehicles.containerId) as n from vehicles where vehicles.buyerId = ? and vehicles.containerId is not null';
const BUYER_RECENT = `select vehicles.id, vehicles.vin, vehicles.make, vehicles.model, vehicles.year, vehicles.status, vehicles.createdAt
from vehicles where vehicles.buyerId = ? order by vehicles.createdAt desc, vehicles.id desc limit ${RECENT}`;
const BUYER_ARRIVING = `select vehicles.id, vehicles.vin, vehicles.make, vehicles.model, vehicles.year, vehicles.status,
 container.number as containerNumber, container.arrivalDate as arrivalDate,
 toPort.name as toPortName, toPort.nameAr as toPortNameAr, toPort.country as toPortCountry
from vehicles
left join containers as container on container.id = vehicles.containerId
left join ports as toPort on toPort.id = container.toPortId
where vehicles.buyerId = ? and container.arrivalDate is not null and container.arrivalDate <= ? and not vehicles.status = ?
order by container.arrivalDate asc, vehicles.id asc limit ${ARRIVING_LIMIT}`;

const vehicleModels = async (db: Knex, sql: string, bindings: Knex.Value[]) =>
  (await selectRows<Record<string, unknown>>(db, sql, bindings)).map((row) => Vehicle.fromDatabaseJson(row));

const countOf = async (query: PromiseLike<unknown>) => Number(((await query) as { n: number | string }[])[0]?.n ?? 0);

/** Everything the dashboard shows to `user`, scoped by role, in one answer. */
export async function dashboardFor(db: Knex, user: User) {
  const isAdmin = can(user.role, 'companies', 'read');
  const buyer = seesOnlyOwnPurchases(user.role);
  const seesStatistics = canSeeStatistics(user.role);
  const vehicles = () => Vehicle.query(db).modify('scopedTo', user);
  const visibleCompanies = () => Company.query(db).modify('scopedTo', user);
  const newest = [{ column: 'vehicles.createdAt', order: 'desc' as const }, { column: 'vehicles.id', order: 'desc' as const }];

  // Every count but a buyer's own in one statement.
  const figures = dashboardFigures(db, user, { statistics: seesStatistics, administration: isAdmin, overdueAt: seesStatistics ? new Date().toISOString() : null });
  // A buyer's containers are the ones that carry its cars.
  const containerCount = buyer
    ? countOf(selectRows(db, BUYER_CONTAINERS, [user.id]))
    : seesStatistics
      ? figures.then((counted) => counted.containers)
      : keptRowCount(db, 'containers', user);

  // A buyer's cars whose container is due soon (or overdue) and not yet delivered, soonest first.
  const arrivingUntil = new Date(Date.now() + ARRIVING_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const arrivingSoon = buyer ? vehicleModels(db, BUYER_ARRIVING, [user.id, arrivingUntil, DELIVERED_STATUS]) : null;

  const [vehicleTotal, containers, counted, perStatus, recentForOthers, recentCompanies, arriving, arrivingContainers] = await Promise.all([
    // With the statistics, the counts by status add up to it.
    seesStatistics ? null : buyer ? countOf(selectRows(db, BUYER_VEHICLES, [user.id])) : countOf(vehicles().count({ n: '*' })),
    containerCount,
    figures,
    seesStatistics ? newestOfEachStatus(db, user, PER_STATUS) : [],
    seesStatistics ? null : buyer ? vehicleModels(db, BUYER_RECENT, [user.id]) : vehicles().select('id', 'vin', 'make', 'model', 'year', 'status', 'createdAt').orderBy(newest).limit(RECENT),
    isAdmin
      ? visibleCompanies().select('id', 'name', 'code', 'active', 'createdAt').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(RECENT)
      : null,
    arrivingSoon,
    // Staff's shipments: one range of an index (containers' arrivalDate), never a scan.
    seesStatistics ? containersArriving(db, user, arrivingUntil) : null,
  ]);
  const { ports, companies, users, documentsOverdue: overdue } = counted;
  const counts = counted.vehiclesByStatus ?? new Map<string, number>();

  const vehicleCount = vehicleTotal ?? [...counts.values()].reduce((sum, n) => sum + n, 0);
  // A union keeps no order of its own: newest first again, within each status.
  const listed = perStatus.sort(
    (a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1),
  );
  // Staff's newest vehicles, as the model answers them, from the cards' rows (PER_STATUS ≥ RECENT).
  const recentVehicles =
    recentForOthers ??
    listed.slice(0, RECENT).map(({ id, vin, make, model, year, status, createdAt }) => ({ id, vin, make, model, year, status, createdAt, vinCheckDigitValid: isVinCheckDigitValid(vin) }));
  return {
    counts: { vehicles: vehicleCount, containers, ports, ...(isAdmin ? { companies, users } : {}) },
    byStatus: seesStatistics
      ? VEHICLE_STATUSES.map((status) => ({
          status,
          count: counts.get(status) ?? 0,
          vehicles: listed.filter((v) => v.status === status).map(({ id, vin, make, model, year }) => ({ id, vin, make, model, year })),
        }))
      : null,
    recentVehicles,
    recentCompanies,
    ...(arriving ? { arrivingSoon: arriving } : {}),
    ...(seesStatistics ? { documentsOverdue: overdue, arrivingContainers } : {}),
  };
}

/** Containers not arrived yet and due within ARRIVING_WITHIN_DAYS, or late by up to LATE_WITHIN_DAYS, soonest first. */
const LATE_WITHIN_DAYS = 30;
/**
 * One range of an index (containers' arrivalDate), never a scan, by a constant text per scope
 * (Container's `scopedTo`: every company, or the viewer's), each row then made a model as
 * objection makes one, so the answer is the model's JSON (its check digit and lateness marks):
 * building this query through objection cost more than running it.
 */
const ARRIVING_COLUMNS = 'select id, number, status, loadingDate, arrivalDate, arrivedAt, departedAt from containers';
const ARRIVING_WHERE = `arrivalDate >= ? and arrivalDate <= ? and status in ('BOOKED', 'LOADED', 'DEPARTED') order by arrivalDate asc, id asc limit ${ARRIVING_LIMIT}`;
const ARRIVING = { all: `${ARRIVING_COLUMNS} where ${ARRIVING_WHERE}`, company: `${ARRIVING_COLUMNS} where companyId = ? and ${ARRIVING_WHERE}` };

async function containersArriving(db: Knex, user: User, until: string) {
  const scope = sqlScopeOf(user);
  // Staff only (the caller); staff without a company see no containers, as the model's scope.
  if (!scope || scope.kind === 'buyer') return [];
  const lateSince = new Date(Date.now() - LATE_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await selectRows<Record<string, unknown>>(db, ARRIVING[scope.kind], [...scopeBindings(scope), lateSince.slice(0, 10), until]);
  return rows.map((row) => Container.fromDatabaseJson(row));
}
