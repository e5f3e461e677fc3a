import { raw, type QueryBuilder, type RelationMappings } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import { User } from '../users/model';
import { CompanyLogo } from './logoModel';

export class Company extends BaseModel {
  static tableName = 'companies';
  static booleanColumns = ['active', 'hasLogo'];
  // DECIMAL comes back as text from MySQL and as a number from SQLite: always a number.
  static numberColumns = ['invoiceTaxPercentage'];

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
  /** The VAT rate (percent) and payment method both invoice forms start with (migration 20261130000400). */
  declare invoiceTaxPercentage: number;
  declare invoicePaymentMethod: 'cash' | 'wireTransfer';
  /** Read-only: whether a logo is stored in `company_logos` (the bytes are never read with the row). */
  declare hasLogo?: boolean;

  static relationMappings = (): RelationMappings => ({
    users: { relation: BaseModel.HasManyRelation, modelClass: () => User, join: { from: 'companies.id', to: 'users.companyId' } },
    logo: { relation: BaseModel.HasOneRelation, modelClass: () => CompanyLogo, join: { from: 'companies.id', to: 'company_logos.companyId' } },
  });

  static modifiers = {
    /** SUPER_ADMIN sees every company; everyone else only its own (DESIGN.md §4). */
    scopedTo(query: QueryBuilder<Company>, viewer: Viewer) {
      whereInCompanyOf(query, 'companies.id', viewer);
    },
    /** Every column and `hasLogo`, as every company answer carries it (list and one). */
    withLogoFlag(query: QueryBuilder<Company>) {
      query.select('companies.*', raw('exists (select 1 from ?? where ?? = ??) as ??', [CompanyLogo.tableName, 'company_logos.companyId', 'companies.id', 'hasLogo']));
    },
  };
}
