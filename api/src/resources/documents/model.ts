import type { QueryBuilder, RelationMappings } from 'objection';
import { BaseModel, type Viewer } from '../baseModel';
import { seesEveryCompany } from '../../domain/permissions';
import { Company } from '../companies/model';
import { User } from '../users/model';

/** A shared document (SPEC.md §2 /documents): for every company (companyId null) or for one; its bytes are where `storage` says. */
export class Document extends BaseModel {
  static tableName = 'documents';
  static jsonAttributes = ['metadata'];
  static numberColumns = ['fileSize'];

  declare fileName: string;
  declare mimeType: string;
  declare fileSize: number;
  declare uploadedBy: number | null;
  declare companyId: number | null;
  declare documentType: string | null;
  declare metadata: Record<string, unknown> | null;
  declare createdAt: string;
  /** Where its bytes are (services/storage): file_chunks, or objects under `storageKey` in S3; never answered. */
  declare storage: 'db' | 's3';
  declare storageKey: string | null;

  static relationMappings = (): RelationMappings => ({
    uploader: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'documents.uploadedBy', to: 'users.id' } },
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'documents.companyId', to: 'companies.id' } },
  });

  static modifiers = {
    /** SUPER_ADMIN sees every document; others the shared ones (no company) and their company's. */
    scopedTo(query: QueryBuilder<Document>, viewer: Viewer) {
      if (seesEveryCompany(viewer.role)) return;
      query.where((shared) => {
        shared.whereNull('documents.companyId');
        if (viewer.companyId !== null) shared.orWhere('documents.companyId', viewer.companyId);
      });
    },
    /** A document answer: its columns with the uploader's and the company's names. */
    rowColumns(query: QueryBuilder<Document>) {
      query
        .leftJoinRelated('[uploader, company]')
        .select(
          'documents.id', 'documents.fileName', 'documents.mimeType', 'documents.fileSize', 'documents.uploadedBy', 'documents.companyId',
          'documents.documentType', 'documents.metadata', 'documents.createdAt', 'uploader.username as uploaderName', 'company.name as companyName',
        );
    },
  };
}
