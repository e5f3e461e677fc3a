import { raw, type QueryBuilder } from 'objection';
import { BaseModel } from '../baseModel';

export class Company extends BaseModel {
  static tableName = 'companies';
  static booleanColumns = ['active', 'hasLogo'];

  declare name: string;
  declare code: string;
  declare active: boolean;
  declare createdAt: string;

  // The seller's invoice profile (migration 20261124400100).
  declare legalNameEn: string | null;
  declare legalNameAr: string | null;
  declare address: string | null;
  declare city: string | null;
  declare country: string | null;
  declare vatNumber: string | null;
  declare commercialRegistrationNumber: string | null;
  /** ISO 4217, upper-case; USD unless the profile says otherwise. */
  declare currency: string;
  /** Read-only: whether a logo is stored in `company_logos` (the bytes are never read with the row). */
  declare hasLogo?: boolean;

  static modifiers = {
    /** Every column and `hasLogo`, as every company answer carries it (list and one). */
    withLogoFlag(query: QueryBuilder<Company>) {
      query.select('companies.*', raw('exists (select 1 from ?? where ?? = ??) as ??', ['company_logos', 'company_logos.companyId', 'companies.id', 'hasLogo']));
    },
  };
}
