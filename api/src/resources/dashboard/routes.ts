import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser } from '../../http/auth';
import { can } from '../../domain/permissions';
import { VEHICLE_STATUSES } from '../../domain/statuses';
import { vehicleJson } from '../vehicles/model';
import { scopeVehicles } from '../vehicles/policy';
import { scopeContainers } from '../containers/policy';
import { Company } from '../companies/model';
import { scopeCompanies } from '../companies/policy';
import { User } from '../users/model';
import { scopeUsers } from '../users/policy';

const RECENT = 5;
/** Vehicles listed in each status card (the card scrolls; the count tells the rest). */
const PER_STATUS = 20;

const countOf = async (query: PromiseLike<unknown>) => Number(((await query) as { n: number | string }[])[0]?.n ?? 0);

/** GET /api/dashboard: everything the dashboard shows, scoped by role, in one request. */
export function dashboardRoutes(db: Knex) {
  const router = new Router();

  router.get('/dashboard', authorize('dashboard', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    const isAdmin = can(user.role, 'companies', 'read');
    const seesStatistics = user.role !== 'BUYER';
    // Plain knex rather than the models: this answer is read on every visit to the home page.
    const vehicles = () => scopeVehicles(db('vehicles'), user);
    const newest = [{ column: 'vehicles.createdAt', order: 'desc' as const }, { column: 'vehicles.id', order: 'desc' as const }];

    /**
     * The newest vehicles of each status, in one query: one indexed, limited read per status
     * (vehicles by status and creation time), rather than ranking every vehicle in view.
     */
    const newestOfEachStatus = () => {
      const [first, ...rest] = VEHICLE_STATUSES.map((status, i) =>
        db.select('*').from(
          vehicles()
            .select('vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status', 'vehicles.createdAt')
            .where('vehicles.status', status)
            .orderBy(newest)
            .limit(PER_STATUS)
            .as(`s${i}`),
        ),
      );
      return first.unionAll(rest);
    };

    // A buyer's containers are the ones that carry its cars.
    const containerCount =
      user.role === 'BUYER'
        ? countOf(vehicles().whereNotNull('vehicles.containerId').countDistinct({ n: 'vehicles.containerId' }))
        : countOf(scopeContainers(db('containers'), user).count({ n: '*' }));

    const [vehicleTotal, containers, ports, companies, users, byStatusRows, perStatus, recentVehicles, recentCompanies] = await Promise.all([
      // With the statistics, the counts by status add up to it.
      seesStatistics ? null : countOf(vehicles().count({ n: '*' })),
      containerCount,
      countOf(db('ports').count({ n: '*' })),
      isAdmin ? countOf(scopeCompanies(Company.query(db), user).count({ n: '*' })) : null,
      isAdmin ? countOf(scopeUsers(User.query(db), user).count({ n: '*' })) : null,
      seesStatistics ? vehicles().select('vehicles.status').count({ n: '*' }).groupBy('vehicles.status') : [],
      seesStatistics ? newestOfEachStatus() : [],
      vehicles().select('id', 'vin', 'make', 'model', 'year', 'status', 'createdAt').orderBy(newest).limit(RECENT),
      isAdmin
        ? scopeCompanies(Company.query(db), user).select('id', 'name', 'code', 'active', 'createdAt').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(RECENT)
        : null,
    ]);

    const counts = new Map((byStatusRows as { status: string; n: number | string }[]).map((r) => [r.status, Number(r.n)]));
    const vehicleCount = vehicleTotal ?? [...counts.values()].reduce((sum, n) => sum + n, 0);
    // A union keeps no order of its own: newest first again, within each status.
    const listed = (perStatus as { id: number; vin: string; make: string | null; model: string | null; year: number | null; status: string; createdAt: string }[]).sort(
      (a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1),
    );
    ctx.body = {
      counts: { vehicles: vehicleCount, containers, ports, ...(isAdmin ? { companies, users } : {}) },
      byStatus: seesStatistics
        ? VEHICLE_STATUSES.map((status) => ({
            status,
            count: counts.get(status) ?? 0,
            vehicles: listed.filter((v) => v.status === status).map(({ id, vin, make, model, year }) => ({ id, vin, make, model, year })),
          }))
        : null,
      recentVehicles: (recentVehicles as Record<string, unknown>[]).map(vehicleJson),
      recentCompanies,
    };
  });

  return router;
}
