import { BaseModel } from '../baseModel';

/**
 * A company's invoice logo: PNG bytes made by services/files/logo.ts, one row per company. Its bytes
 * are where `storage` says: `data` (the database), or an object under `storageKey` in S3 (`data` empty).
 */
export class CompanyLogo extends BaseModel {
  static tableName = 'company_logos';
  static idColumn = 'companyId';
  static hasCreatedAt = false;

  declare companyId: number;
  declare data: Buffer;
  declare updatedAt: string;
  declare storage: 'db' | 's3';
  declare storageKey: string | null;

  $beforeInsert() {
    this.updatedAt = new Date().toISOString();
  }
}
