import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser } from '../../http/auth';
import { can } from '../../domain/permissions';
import { VEHICLE_STATUSES } from '../../domain/statuses';
import { Vehicle } from '../vehicles/model';
import { scopeVehicles } from '../vehicles/policy';
import { scopeContainers } from '../containers/policy';
import { Container } from '../containers/model';
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
    const vehicles = () => scopeVehicles(Vehicle.query(db), user);

    // A buyer's containers are the ones that carry its cars.
    const containerCount =
      user.role === 'BUYER'
        ? countOf(vehicles().whereNotNull('vehicles.containerId').countDistinct({ n: 'vehicles.containerId' }))
        : countOf(scopeContainers(Container.query(db), user).count({ n: '*' }));

    const [vehicleCount, containers, ports, companies, users, byStatusRows, perStatus, recentVehicles, recentCompanies] = await Promise.all([
      countOf(vehicles().count({ n: '*' })),
      containerCount,
      countOf(db('ports').count({ n: '*' })),
      isAdmin ? countOf(scopeCompanies(Company.query(db), user).count({ n: '*' })) : null,
      isAdmin ? countOf(scopeUsers(User.query(db), user).count({ n: '*' })) : null,
      seesStatistics ? vehicles().select('vehicles.status').count({ n: '*' }).groupBy('vehicles.status') : [],
      seesStatistics
        ? db
            .select('id', 'vin', 'make', 'model', 'year', 'status')
            .from(
              vehicles()
                .select('vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status')
                .select(db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as rn', ['vehicles.status', 'vehicles.createdAt', 'vehicles.id']))
                .toKnexQuery()
                .as('ranked'),
            )
            .where('rn', '<=', PER_STATUS)
            .orderBy('rn')
        : [],
      vehicles().select('id', 'vin', 'make', 'model', 'year', 'status', 'createdAt').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(RECENT),
      isAdmin
        ? scopeCompanies(Company.query(db), user).select('id', 'name', 'code', 'active', 'createdAt').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(RECENT)
        : null,
    ]);

    const counts = new Map((byStatusRows as unknown as { status: string; n: number | string }[]).map((r) => [r.status, Number(r.n)]));
    const listed = perStatus as { id: number; vin: string; make: string | null; model: string | null; year: number | null; status: string }[];
    ctx.body = {
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
    };
  });

  return router;
}
