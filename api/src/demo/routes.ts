import type { FileStorages } from '../services/storage';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize } from '../http/auth';
import { loadDemoData } from './loadDemoData';

/**
 * POST /api/demo-data: the super admin's "Load demo data" on an empty install, the same loader
 * as DEMO_DATA=true at start. 201 with the company, the counts and the demo accounts with their
 * passwords (the super admin could reset them anyway); 409 (demo.installNotEmpty) once any
 * company exists, nothing changed.
 */
export function demoRoutes(db: Knex, storages: FileStorages, maxPixels: number) {
  const router = new Router();
  router.post('/demo-data', authorize('demoData', 'create'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await loadDemoData(db, { maxPixels, storage: storages.current });
  });
  return router;
}
