import type { Knex } from 'knex';
import { can, canSeeStatistics, seesOnlyOwnPurchases } from '../../domain/permissions';
import { DELIVERED_STATUS, VEHICLE_STATUSES } from '../../domain/statuses';
import { Vehicle } from '../vehicles/model';
import { newestOfEachStatus } from '../vehicles/newestOfEachStatus';
import { isVinCheckDigitValid } from '../../domain/vin';
import { keptRowCount } from '../rowCounts';
import { Company } from '../companies/model';
import { Container } from '../containers/model';
import type { User } from '../users/model';
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

const countOf = async (query: PromiseLike<unknown>) => Number(((await query) as { n: number | string }[])[0]?.n ?? 0);

/** Everything the dashboard shows to `user`, scoped by role, in one answer. */
export async function dashboardFor(db: Knex, user: User) {
  const isAdmin = can(user.role, 'companies', 'read');
  const seesStatistics = canSeeStatistics(user.role);
  const vehicles = () => Vehicle.query(db).modify('scopedTo', user);
  const visibleCompanies = () => Company.query(db).modify('scopedTo', user);
  const newest = [{ column: 'vehicles.createdAt', order: 'desc' as const }, { column: 'vehicles.id', order: 'desc' as const }];

  // Every count but a buyer's own in one statement.
  const figures = dashboardFigures(db, user, { statistics: seesStatistics, administration: isAdmin, overdueAt: seesStatistics ? new Date().toISOString() : null });
  // A buyer's containers are the ones that carry its cars.
  const containerCount = seesOnlyOwnPurchases(user.role)
    ? countOf(vehicles().whereNotNull('vehicles.containerId').countDistinct({ n: 'vehicles.containerId' }))
    : seesStatistics
      ? figures.then((counted) => counted.containers)
      : keptRowCount(db, 'containers', user);

  // A buyer's cars whose container is due soon (or overdue) and not yet delivered, soonest first.
  const arrivingUntil = new Date(Date.now() + ARRIVING_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const arrivingSoon = seesOnlyOwnPurchases(user.role)
    ? vehicles()
        .leftJoinRelated('container.toPort')
        .whereNotNull('container.arrivalDate')
        .where('container.arrivalDate', '<=', arrivingUntil)
        .whereNot('vehicles.status', DELIVERED_STATUS)
        .select(
          'vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status',
          'container.number as containerNumber', 'container.arrivalDate as arrivalDate',
          'container:toPort.name as toPortName', 'container:toPort.nameAr as toPortNameAr', 'container:toPort.country as toPortCountry',
        )
        .orderBy([{ column: 'container.arrivalDate', order: 'asc' }, { column: 'vehicles.id', order: 'asc' }])
        .limit(ARRIVING_LIMIT)
    : null;

  const [vehicleTotal, containers, counted, perStatus, recentForOthers, recentCompanies, arriving, arrivingContainers] = await Promise.all([
    // With the statistics, the counts by status add up to it.
    seesStatistics ? null : countOf(vehicles().count({ n: '*' })),
    containerCount,
    figures,
    seesStatistics ? newestOfEachStatus(db, user, PER_STATUS) : [],
    seesStatistics ? null : vehicles().select('id', 'vin', 'make', 'model', 'year', 'status', 'createdAt').orderBy(newest).limit(RECENT),
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
function containersArriving(db: Knex, user: User, until: string) {
  const lateSince = new Date(Date.now() - LATE_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return Container.query(db)
    .modify('scopedTo', user)
    .where('containers.arrivalDate', '>=', lateSince.slice(0, 10))
    .where('containers.arrivalDate', '<=', until)
    .whereIn('containers.status', ['BOOKED', 'LOADED', 'DEPARTED'])
    .select('containers.id', 'containers.number', 'containers.status', 'containers.loadingDate', 'containers.arrivalDate', 'containers.arrivedAt', 'containers.departedAt')
    .orderBy([{ column: 'containers.arrivalDate', order: 'asc' }, { column: 'containers.id', order: 'asc' }])
    .limit(ARRIVING_LIMIT);
}
