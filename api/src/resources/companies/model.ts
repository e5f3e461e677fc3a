import { BaseModel } from '../baseModel';

export class Company extends BaseModel {
  static tableName = 'companies';
  static booleanColumns = ['active'];

  declare name: string;
  declare code: string;
  declare active: boolean;
  declare createdAt: string;
}
