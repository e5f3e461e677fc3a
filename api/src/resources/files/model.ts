import type { RelationMappings } from 'objection';
import { BaseModel } from '../baseModel';
import { Vehicle } from '../vehicles/model';
import { Container } from '../containers/model';

/**
 * A photo or document of a vehicle or of a container; its bytes are where `storage` says
 * (services/storage): file_chunks, or objects under `storageKey` in S3.
 */
export class VehicleFile extends BaseModel {
  static tableName = 'vehicle_files';
  static numberColumns = ['fileSize'];

  declare vehicleId: number | null;
  declare containerId: number | null;
  declare companyId: number;
  declare fileType: 'IMAGE' | 'DOCUMENT';
  declare fileName: string;
  declare mimeType: string;
  declare fileSize: number;
  declare width: number | null;
  declare height: number | null;
  declare uploadedBy: number | null;
  /** A vehicle document's kind (domain/documentChecklist.ts); null for images and container files. */
  declare documentKind: string | null;
  /** When and by whom the document was checked (the checklist's VERIFIED); cleared when its kind changes. */
  declare verifiedAt: string | null;
  declare verifiedBy: number | null;
  declare createdAt: string;
  declare storage: 'db' | 's3';
  declare storageKey: string | null;

  static relationMappings = (): RelationMappings => ({
    vehicle: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Vehicle, join: { from: 'vehicle_files.vehicleId', to: 'vehicles.id' } },
    container: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Container, join: { from: 'vehicle_files.containerId', to: 'containers.id' } },
  });
}

/** What a record's file list and a file answer carry (never the bytes). */
export const FILE_COLUMNS = ['id', 'vehicleId', 'containerId', 'fileType', 'fileName', 'mimeType', 'fileSize', 'width', 'height', 'uploadedBy', 'documentKind', 'verifiedAt', 'createdAt'];

/** Where a file's bytes are (services/storage StoredFile): selected beside what a route needs, never answered. */
export const STORAGE_COLUMNS = ['id', 'storage', 'storageKey'];
