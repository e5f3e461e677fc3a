import type { Knex } from 'knex';
import { DEFAULT_CURRENCY } from '../../domain/currency';
import type { SellerProfile } from '../../domain/sellerProfile';
import { Company } from './model';
import { CompanyLogo } from './logoModel';
import { writeTransaction } from '../writeTransaction';
import type { User } from '../users/model';
import { recordLogoChange } from './operations';

export type { SellerProfile };

/** The company's seller profile, or null when the company does not exist. Scope is the caller's. */
export async function sellerProfile(db: Knex, companyId: number): Promise<SellerProfile | null> {
  const company = await Company.query(db).modify('withLogoFlag').findById(companyId);
  if (!company) return null;
  return {
    companyId: company.id,
    companyName: company.legalNameEn ?? company.name,
    companyNameAr: company.legalNameAr ?? null,
    companyAddress: company.address ?? null,
    companyCity: company.city ?? null,
    companyCountry: company.country ?? null,
    sellerVatNumber: company.vatNumber ?? null,
    commercialRegistrationNumber: company.commercialRegistrationNumber ?? null,
    currency: company.currency ?? DEFAULT_CURRENCY,
    taxPercentage: String(Number(company.invoiceTaxPercentage ?? 0)),
    paymentMethod: company.invoicePaymentMethod ?? 'wireTransfer',
    hasLogo: Boolean(company.hasLogo),
  };
}

/** The company's logo (PNG bytes), or null when it has none. */
export async function companyLogo(db: Knex, companyId: number): Promise<Buffer | null> {
  const row = await CompanyLogo.query(db).findById(companyId).select('data');
  return row ? Buffer.from(row.data) : null;
}

/** Stores (or replaces) the company's logo: PNG bytes already made by services/files/logo.ts. */
export async function saveCompanyLogo(db: Knex, actor: User, companyId: number, png: Buffer): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const had = Boolean(await CompanyLogo.query(trx).findById(companyId).select('companyId'));
    await CompanyLogo.query(trx).insert({ companyId, data: png }).onConflict('companyId').merge(['data', 'updatedAt']);
    await recordLogoChange(trx, actor, companyId, had, true);
  });
}

export async function deleteCompanyLogo(db: Knex, actor: User, companyId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if (await CompanyLogo.query(trx).deleteById(companyId)) await recordLogoChange(trx, actor, companyId, true, false);
  });
}
