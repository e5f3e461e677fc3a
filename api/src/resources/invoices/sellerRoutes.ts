import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { authorize, approvedUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { sellerProfile } from '../companies/profile';
import { sellerCompanyId } from '../companies/policy';

const SellerQuerySchema = z.object({
  companyId: z
    .string({ error: 'must be a positive whole number' })
    .regex(/^\d+$/, { error: 'must be a positive whole number' })
    .transform(Number)
    .pipe(z.number().int().positive({ error: 'must be a positive whole number' }).max(2 ** 31 - 1, { error: 'must be a positive whole number' }))
    .optional(),
});

/**
 * GET /api/invoice/seller?companyId=N: the seller details an invoice form starts from, taken from
 * the company's invoice profile. For whoever may make invoices (a SHIPPER too, who may not read
 * /api/companies): company staff get their own company's, a SUPER_ADMIN names the company.
 */
export function invoiceSellerRoutes(db: Knex) {
  const router = new Router();

  router.get('/invoice/seller', authorize('invoices', 'create'), async (ctx) => {
    const { companyId } = parse(SellerQuerySchema, ctx.query, 'query');
    const seller = await sellerProfile(db, sellerCompanyId(approvedUser(ctx), companyId));
    if (!seller) throw notFound('Company not found');
    ctx.body = seller;
  });

  return router;
}
