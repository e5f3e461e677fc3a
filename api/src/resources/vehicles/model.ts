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
  declare lastAnalysisDate: string | null;
  declare createdAt: string;
  declare updatedAt: string | null;

  $beforeUpdate() {
    this.updatedAt = new Date().toISOString();
  }

  /** The check digit is a warning shown with the vehicle, never a refusal (non-US VINs lack it). */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    if (typeof formatted.vin === 'string') formatted.vinCheckDigitValid = isVinCheckDigitValid(formatted.vin);
    for (const count of ['imageCount', 'documentCount']) if (count in formatted) formatted[count] = Number(formatted[count]);
    return formatted;
  }
}
