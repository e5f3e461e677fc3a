import type { Pojo, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import { Company } from '../companies/model';
import { User } from '../users/model';

/** An issued invoice: the numbers and names as printed, never recomputed; its PDF is where `storage` says, written once. */
export class Invoice extends BaseModel {
  static tableName = 'invoices';
  static jsonAttributes = ['containerIds'];
  // DECIMAL comes back as text from MySQL and as a number from SQLite: always numbers, 2 decimals.
  static numberColumns = ['salePrice', 'taxPercentage', 'taxAmount', 'totalAmount', 'fileSize'];

  declare invoiceNumber: string;
  declare companyId: number;
  declare fileName: string;
  declare containerIds: number[];
  declare containerNumber: string;
  declare buyerName: string;
  declare buyerAddress: string | null;
  declare buyerPhone: string | null;
  declare buyerEmail: string | null;
  declare sellerName: string | null;
  declare sellerNameAr: string | null;
  declare sellerAddress: string | null;
  declare sellerCity: string | null;
  declare sellerCountry: string | null;
  declare sellerVatNumber: string | null;
  declare sellerCommercialRegistrationNumber: string | null;
  declare currency: string;
  declare salePrice: number | string;
  declare taxPercentage: number | string;
  declare taxAmount: number | string;
  declare totalAmount: number | string;
  declare paymentMethod: string;
  declare issuedDate: string;
  declare fileSize: number;
  declare createdBy: number | null;
  declare createdAt: string;
  /** Where its PDF is (services/storage): file_chunks, or an object under `storageKey` in S3; never answered. */
  declare storage: 'db' | 's3';
  declare storageKey: string | null;

  /** Where its PDF is, the server's business: read with `invoices.*`, never answered. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    delete formatted.storage;
    delete formatted.storageKey;
    return formatted;
  }

  static relationMappings = (): RelationMappings => ({
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'invoices.companyId', to: 'companies.id' } },
    creator: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'invoices.createdBy', to: 'users.id' } },
  });

  static modifiers = {
    /** SUPER_ADMIN sees every invoice; company staff their company's. */
    scopedTo(query: QueryBuilder<Invoice>, viewer: Viewer) {
      whereInCompanyOf(query, 'invoices.companyId', viewer);
    },
    /** A list row and the detail: every column, and the company's name (a SUPER_ADMIN's lists show it). */
    rowColumns(query: QueryBuilder<Invoice>) {
      query.leftJoinRelated('company').select('invoices.*', 'company.name as companyName');
    },
  };
}
