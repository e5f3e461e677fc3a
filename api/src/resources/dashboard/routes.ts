import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser } from '../../http/auth';
import { dashboardFor } from './summary';

/** GET /api/dashboard: everything the dashboard shows, scoped by role, in one request. */
export function dashboardRoutes(db: Knex) {
  const router = new Router();

  router.get('/dashboard', authorize('dashboard', 'read'), async (ctx) => {
    ctx.body = await dashboardFor(db, approvedUser(ctx));
  });

  return router;
}
