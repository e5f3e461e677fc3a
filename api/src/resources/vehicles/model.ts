import type { Pojo, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import { seesOnlyOwnPurchases } from '../../domain/permissions';
import { isVinCheckDigitValid } from '../../domain/vin';
import type { VehicleStatus } from '../../domain/statuses';
import { Company } from '../companies/model';
import { Container } from '../containers/model';
import { Port } from '../ports/model';
import { User } from '../users/model';
import { VehicleFile } from '../files/model';
import { VehicleStatusEvent } from './statusEvents';

export class Vehicle extends BaseModel {
  static tableName = 'vehicles';
  static jsonAttributes = ['vehicleInfo'];
  static numberColumns = ['imageCount', 'documentCount', 'accidentAnalysisImageCount'];

  declare vin: string;
  declare make: string | null;
  declare model: string | null;
  declare year: number | null;
  declare containerId: number | null;
  declare fromPortId: number | null;
  declare toPortId: number | null;
  declare status: VehicleStatus;
  /** The status's place in the journey (domain/statuses.ts statusRank), which the status sort reads. */
  declare statusRank: number;
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
  /** The earliest due date of the documents it still misses (vehicles/checklist.ts), or null. */
  declare documentsDueAt: string | null;

  // Relations are thunks: the models refer to each other, and are resolved on first use.
  static relationMappings = (): RelationMappings => ({
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'vehicles.companyId', to: 'companies.id' } },
    container: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Container, join: { from: 'vehicles.containerId', to: 'containers.id' } },
    buyer: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'vehicles.buyerId', to: 'users.id' } },
    shipper: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'vehicles.shipperId', to: 'users.id' } },
    fromPort: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Port, join: { from: 'vehicles.fromPortId', to: 'ports.id' } },
    toPort: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Port, join: { from: 'vehicles.toPortId', to: 'ports.id' } },
    files: { relation: BaseModel.HasManyRelation, modelClass: () => VehicleFile, join: { from: 'vehicles.id', to: 'vehicle_files.vehicleId' } },
    statusEvents: { relation: BaseModel.HasManyRelation, modelClass: () => VehicleStatusEvent, join: { from: 'vehicles.id', to: 'vehicle_status_events.vehicleId' } },
  });

  static modifiers = {
    /**
     * The vehicles `viewer` may see: a BUYER the ones sold to it (whichever company holds them),
     * everyone else by company (DESIGN.md §4).
     */
    scopedTo(query: QueryBuilder<Vehicle>, viewer: Viewer) {
      if (seesOnlyOwnPurchases(viewer.role)) query.where('vehicles.buyerId', viewer.id);
      else whereInCompanyOf(query, 'vehicles.companyId', viewer);
    },
    /**
     * The columns of a list row (never file bytes, never the long analysis texts), with the
     * container's number, the company's name and the buyer's (their username): what the export
     * reads. The list's page and the detail read the same columns by constant SQL texts
     * (listRows.ts, detail.ts), shaped as these models answered them.
     */
    rowColumns(query: QueryBuilder<Vehicle>) {
      query
        .leftJoinRelated('[container, company, buyer]')
        .select(
          'vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status',
          'vehicles.containerId', 'vehicles.fromPortId', 'vehicles.toPortId', 'vehicles.shipperId', 'vehicles.buyerId',
          'vehicles.companyId', 'vehicles.vehicleInfo', 'vehicles.createdAt', 'vehicles.updatedAt', 'vehicles.documentsDueAt',
          'container.number as containerNumber', 'company.name as companyName', 'buyer.username as buyerName',
        );
    },
  };

  $beforeUpdate() {
    this.updatedAt = new Date().toISOString();
  }

  /** The check digit is a warning shown with the vehicle, never a refusal (non-US VINs lack it); overdue papers a flag. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    if (typeof formatted.vin === 'string') formatted.vinCheckDigitValid = isVinCheckDigitValid(formatted.vin);
    // A document the checklist asks for is past its due date and still missing.
    if ('documentsDueAt' in formatted) formatted.documentsOverdue = formatted.documentsDueAt !== null && formatted.documentsDueAt < new Date().toISOString();
    return formatted;
  }
}
