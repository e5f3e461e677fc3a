import type { Pojo, RelationMappings } from 'objection';
import { isCountryCode } from '../../domain/countries';
import { BaseModel } from '../baseModel';
import { Company } from '../companies/model';

/** Ports are shared reference data: every approved role reads all of them (DESIGN.md §4). */
export class Port extends BaseModel {
  static tableName = 'ports';

  declare name: string;
  declare nameAr: string;
  /** An ISO 3166-1 alpha-2 code; text typed before codes were required where it could not be mapped. */
  declare country: string;
  declare companyId: number | null;
  declare createdAt: string;

  static relationMappings = (): RelationMappings => ({
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'ports.companyId', to: 'companies.id' } },
  });

  /** Whether `country` is a code the console names in the reader's language, or text shown as typed. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    if ('country' in formatted) formatted.countryIsCode = isCountryCode(formatted.country);
    return formatted;
  }
}
