import { BaseModel } from '../baseModel';

export class Port extends BaseModel {
  static tableName = 'ports';

  declare name: string;
  declare nameAr: string;
  declare country: string;
  declare companyId: number | null;
  declare createdAt: string;
}
