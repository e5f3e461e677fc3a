import type { Knex } from 'knex';
import { forbidden } from '../../http/errors';
import type { User } from '../users/model';

/** SUPER_ADMIN sees every document; others the shared ones (no company) and their company's. */
export function scopeDocuments(query: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  if (user.role === 'SUPER_ADMIN') return query;
  return query.where((w) => w.whereNull('documents.companyId').orWhere('documents.companyId', user.companyId ?? -1));
}

/** A shared document is deleted by a SUPER_ADMIN or by whoever uploaded it. */
export function checkDocumentDeletion(user: User, document: { uploadedBy: number | null }) {
  if (user.role !== 'SUPER_ADMIN' && document.uploadedBy !== user.id) {
    throw forbidden('Only a super administrator or the uploader can delete this document');
  }
}
