import type supertest from 'supertest';
import type { TestApp } from './testApp';

export const ACTORS = ['anonymous', 'pending', 'BUYER', 'SHIPPER', 'COMPANY_ADMIN', 'SUPER_ADMIN'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Two companies, A and B, with one user of each role in A (and a company admin and buyer in B),
 * a pending registration, and a signed-in client for every actor.
 */
export async function seedWorld(t: TestApp) {
  const companyA = await t.company({ name: 'Gulf Motors' });
  const companyB = await t.company({ name: 'Desert Cars' });
  const superAdmin = await t.user({ role: 'SUPER_ADMIN' });
  const companyAdmin = await t.user({ role: 'COMPANY_ADMIN', companyId: companyA.id });
  const shipper = await t.user({ role: 'SHIPPER', companyId: companyA.id });
  const buyer = await t.user({ role: 'BUYER', companyId: companyA.id });
  const pending = await t.user({ role: null, pendingApproval: true });
  const adminB = await t.user({ role: 'COMPANY_ADMIN', companyId: companyB.id });
  const buyerB = await t.user({ role: 'BUYER', companyId: companyB.id });

  const clients: Record<Actor, supertest.Agent> = {
    anonymous: t.anon(),
    pending: await t.signedIn(pending.username),
    BUYER: await t.signedIn(buyer.username),
    SHIPPER: await t.signedIn(shipper.username),
    COMPANY_ADMIN: await t.signedIn(companyAdmin.username),
    SUPER_ADMIN: await t.signedIn(superAdmin.username),
  };
  return { companyA, companyB, superAdmin, companyAdmin, shipper, buyer, pending, adminB, buyerB, clients };
}
export type World = Awaited<ReturnType<typeof seedWorld>>;
