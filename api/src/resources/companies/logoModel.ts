import { BaseModel } from '../baseModel';

/** A company's invoice logo: PNG bytes made by services/files/logo.ts, one row per company. */
export class CompanyLogo extends BaseModel {
  static tableName = 'company_logos';
  static idColumn = 'companyId';
  static hasCreatedAt = false;

  declare companyId: number;
  declare data: Buffer;
  declare updatedAt: string;

  $beforeInsert() {
    this.updatedAt = new Date().toISOString();
  }
}
