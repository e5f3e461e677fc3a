import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/validate';
import { sellerProfile } from '../companies/profile';
import { sellerCompanyId } from '../companies/policy';

/**
 * GET /api/invoice/seller?companyId=N: the seller details an invoice form starts from, taken from
 * the company's invoice profile. For whoever may make invoices (a SHIPPER too, who may not read
 * /api/companies): company staff get their own company's, a SUPER_ADMIN names the company.
 */
export function invoiceSellerRoutes(db: Knex) {
  const router = new Router();

  router.get('/invoice/seller', authorize('invoices', 'create'), async (ctx) => {
    const companyId = ctx.query.companyId === undefined ? undefined : parseId(ctx.query.companyId, 'companyId');
    const seller = await sellerProfile(db, sellerCompanyId(approvedUser(ctx), companyId));
    if (!seller) throw notFound('Company not found');
    ctx.body = seller;
  });

  return router;
}
