import type { Pojo } from 'objection';
import { BaseModel } from '../baseModel';
import { containerCapacity, isContainerCheckDigitValid } from '../../domain/containerNumber';

export class Container extends BaseModel {
  static tableName = 'containers';

  declare number: string;
  declare bookingNumber: string | null;
  declare containerSize: string | null;
  declare loadingDate: string | null;
  declare arrivalDate: string | null;
  declare sealNumber: string | null;
  declare shippingLine: string | null;
  declare shipperId: number | null;
  declare fromPortId: number | null;
  declare toPortId: number | null;
  declare companyId: number;
  declare createdAt: string;

  /** Warnings travel with the container: a wrong ISO 6346 check digit, more cars than it holds. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    if (typeof formatted.number === 'string') formatted.numberCheckDigitValid = isContainerCheckDigitValid(formatted.number);
    if ('vehicleCount' in formatted) {
      formatted.vehicleCount = Number(formatted.vehicleCount);
      formatted.capacity = containerCapacity(formatted.containerSize);
      formatted.overCapacity = formatted.capacity !== null && formatted.vehicleCount > formatted.capacity;
    }
    return formatted;
  }
}
