import type { Pojo } from 'objection';
import { BaseModel } from '../baseModel';
import { isVinCheckDigitValid } from '../../domain/vin';
import type { VehicleStatus } from '../../domain/statuses';

export class Vehicle extends BaseModel {
  static tableName = 'vehicles';
  static jsonAttributes = ['vehicleInfo'];

  declare vin: string;
  declare make: string | null;
  declare model: string | null;
  declare year: number | null;
  declare containerId: number | null;
  declare fromPortId: number | null;
  declare toPortId: number | null;
  declare status: VehicleStatus;
  declare shipperId: number | null;
  declare buyerId: number | null;
  declare companyId: number;
  declare notes: string | null;
  declare vehicleInfo: Record<string, string> | null;
  declare accidentAnalysis: string | null;
  declare accidentAnalysisAr: string | null;
  declare accidentAnalysisImageCount: number | null;
  declare lastAnalysisDate: string | null;
  declare createdAt: string;
  declare updatedAt: string | null;

  $beforeUpdate() {
    this.updatedAt = new Date().toISOString();
  }

  $formatJson(json: Pojo): Pojo {
    return vehicleJson(super.$formatJson(json));
  }
}

/** Like the model layer: text that is not JSON is answered as it is rather than failing the request. */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A vehicle as the API answers it, from a model's JSON or straight from a database row (lists
 * skip the model layer): vehicleInfo parsed, counts as numbers, and the check digit, a warning
 * shown with the vehicle, never a refusal (non-US VINs lack it).
 */
export function vehicleJson(row: Pojo): Pojo {
  const json = { ...row };
  if (typeof json.vehicleInfo === 'string') json.vehicleInfo = parseJsonText(json.vehicleInfo);
  if (typeof json.vin === 'string') json.vinCheckDigitValid = isVinCheckDigitValid(json.vin);
  for (const count of ['imageCount', 'documentCount']) if (count in json) json[count] = Number(json[count]);
  if (json.accidentAnalysisImageCount != null) json.accidentAnalysisImageCount = Number(json.accidentAnalysisImageCount);
  return json;
}
