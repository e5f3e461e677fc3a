import { ref, type Pojo, type QueryBuilder, type RelationMappings } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import { isArrivalLate, type ContainerStatus } from '../../domain/containerStatuses';
import { containerCapacity, isContainerCheckDigitValid } from '../../domain/containerNumber';
import { Company } from '../companies/model';
import { Port } from '../ports/model';
import { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { VehicleFile } from '../files/model';

export class Container extends BaseModel {
  static tableName = 'containers';
  static numberColumns = ['vehicleCount'];

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
  /** The milestone reached (domain/containerStatuses.ts) and the actual date of each. */
  declare status: ContainerStatus;
  declare loadedAt: string | null;
  declare departedAt: string | null;
  declare arrivedAt: string | null;
  declare releasedAt: string | null;
  /** Not a column: the numbers of the viewer's invoices that include it (invoices/containerInvoices.ts). */
  declare invoiceNumbers?: string[];

  static relationMappings = (): RelationMappings => ({
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'containers.companyId', to: 'companies.id' } },
    shipper: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'containers.shipperId', to: 'users.id' } },
    fromPort: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Port, join: { from: 'containers.fromPortId', to: 'ports.id' } },
    toPort: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Port, join: { from: 'containers.toPortId', to: 'ports.id' } },
    vehicles: { relation: BaseModel.HasManyRelation, modelClass: () => Vehicle, join: { from: 'containers.id', to: 'vehicles.containerId' } },
    files: { relation: BaseModel.HasManyRelation, modelClass: () => VehicleFile, join: { from: 'containers.id', to: 'vehicle_files.containerId' } },
  });

  static modifiers = {
    /** SUPER_ADMIN sees every container; company staff their own company's (BUYERs none: the permission table). */
    scopedTo(query: QueryBuilder<Container>, viewer: Viewer) {
      whereInCompanyOf(query, 'containers.companyId', viewer);
    },
    /** A list row and the detail: the route's ports, the company's name and the number of vehicles. */
    rowColumns(query: QueryBuilder<Container>) {
      query
        .leftJoinRelated('[fromPort, toPort, company]')
        .select(
          'containers.*',
          'fromPort.name as fromPortName',
          'fromPort.nameAr as fromPortNameAr',
          'fromPort.country as fromPortCountry',
          'toPort.name as toPortName',
          'toPort.nameAr as toPortNameAr',
          'toPort.country as toPortCountry',
          'company.name as companyName',
          Vehicle.query().where('vehicles.containerId', ref('containers.id')).count().as('vehicleCount'),
        );
    },
  };

  /** Warnings travel with the container: a wrong ISO 6346 check digit, more cars than it holds, a late arrival. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    if (typeof formatted.number === 'string') formatted.numberCheckDigitValid = isContainerCheckDigitValid(formatted.number);
    if (typeof formatted.status === 'string') formatted.arrivalLate = isArrivalLate(formatted as Parameters<typeof isArrivalLate>[0]);
    if ('vehicleCount' in formatted) {
      formatted.capacity = containerCapacity(formatted.containerSize);
      formatted.overCapacity = formatted.capacity !== null && formatted.vehicleCount > formatted.capacity;
    }
    return formatted;
  }
}
