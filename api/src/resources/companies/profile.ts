import { buffer } from 'node:stream/consumers';
import type { Knex } from 'knex';
import { stageThenCommit, type FileStorages } from '../../services/storage';
import { DEFAULT_CURRENCY } from '../../domain/currency';
import type { SellerProfile } from '../../domain/sellerProfile';
import { Company } from './model';
import { CompanyLogo } from './logoModel';
import { writeTransaction } from '../writeTransaction';
import type { User } from '../users/model';
import { recordLogoChange } from './operations';
import { removeObjects, s3KeysOfRows } from '../files/objects';

/** A logo's `data` when its bytes are elsewhere (S3), and before the database storage writes them. */
const NO_BYTES = Buffer.alloc(0);

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

/** The company's logo (PNG bytes), or null when it has none; from where its row says it is. */
export async function companyLogo(db: Knex, storages: FileStorages, companyId: number): Promise<Buffer | null> {
  const row = await CompanyLogo.query(db).findById(companyId).select('storage', 'storageKey');
  if (!row) return null;
  const stored = { id: companyId, storage: row.storage, storageKey: row.storageKey, kind: 'logo' as const };
  return buffer(storages.of(stored).open(db, stored, 'original'));
}

/**
 * Stores (or replaces) the company's logo: PNG bytes already made by services/files/logo.ts. The
 * bytes first (S3: an object under a fresh key), then the row; a replaced logo's object goes after
 * the commit, its key recorded as pending removal in the row's transaction (the sweep's if that
 * removal fails). Two logos sent at once: the row lock orders them, and the second's replaces the first's.
 */
export async function saveCompanyLogo(db: Knex, storages: FileStorages, actor: User, companyId: number, png: Buffer): Promise<void> {
  const replaced = await stageThenCommit(storages.current, 'logo', [{ original: png }], ([staged]) => writeTransaction(db, async (trx) => {
    const had = await CompanyLogo.query(trx).findById(companyId).forUpdate().select('companyId');
    // The replaced logo's S3 key, recorded as pending removal with the change (s3KeysOfRows).
    const replacedKeys = await s3KeysOfRows(trx, CompanyLogo.query(trx).where({ companyId }));
    // The row first (its bytes empty), then its bytes: the database storage writes them into it.
    await CompanyLogo.query(trx).insert({ companyId, data: NO_BYTES, ...staged.columns }).onConflict('companyId').merge(['data', 'updatedAt', 'storage', 'storageKey']);
    await staged.write(trx, companyId);
    await recordLogoChange(trx, actor, companyId, Boolean(had), true);
    return replacedKeys;
  }));
  await removeObjects(storages, replaced);
}

export async function deleteCompanyLogo(db: Knex, storages: FileStorages, actor: User, companyId: number): Promise<void> {
  const removed = await writeTransaction(db, async (trx) => {
    const storageKeys = await s3KeysOfRows(trx, CompanyLogo.query(trx).where({ companyId }));
    if (await CompanyLogo.query(trx).deleteById(companyId)) await recordLogoChange(trx, actor, companyId, true, false);
    return storageKeys;
  });
  await removeObjects(storages, removed);
}
