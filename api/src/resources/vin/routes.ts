import Router from '@koa/router';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { parse } from '../../http/validate';
import type { VinDecoder } from '../../services/vin/decoder';
import { vinSchema } from '../vehicles/schema';

/** GET /api/vin/{vin}: decode on demand; GET /api/vehicle-makes?q=: the first 100 matching makes. */
export function vinRoutes(decoder: VinDecoder) {
  const router = new Router();

  router.get('/vin/:vin', authorize('vehicles', 'read'), async (ctx) => {
    const vin = parse(vinSchema, ctx.params.vin, 'VIN');
    ctx.body = await decoder.decode(vin);
  });

  router.get('/vehicle-makes', authorize('vehicles', 'read'), async (ctx) => {
    const { q } = parse(z.object({ q: z.string().max(100).default('') }), { q: ctx.query.q }, 'query');
    const { makes, source } = await decoder.makes(q);
    ctx.set('X-Data-Source', source);
    ctx.body = makes;
  });

  return router;
}
