import type { Knex } from 'knex';
import type { User } from '../users/model';
import { recordEvent } from '../auditLog/record';
import { Document } from './model';
import { s3KeysOfRows } from '../files/objects';

/**
 * The shared documents' business actions (docs/architecture.md, "Operations"); storing an upload's
 * bytes is the route's (each document and its chunks in the route's one transaction).
 */

/** A stored document's record of events: called in the transaction that stored it. */
export function recordDocumentCreated(trx: Knex, actor: User, document: { id: number; fileName: string; companyId: number | null }) {
  return recordEvent(trx, {
    actor, action: 'create', entity: 'documents', entityId: document.id, companyId: document.companyId,
    changes: { fileName: { from: null, to: document.fileName } },
  });
}

/**
 * Deletes a shared document the route found the actor may delete; its chunks follow by the foreign
 * key. Answers its S3 key, if any, recorded here as pending removal, whose objects the route
 * removes after the commit (the sweep's if that fails).
 */
export async function deleteDocument(actor: User, document: Pick<Document, 'id' | 'fileName' | 'companyId'>, trx: Knex): Promise<string[]> {
  const storageKeys = await s3KeysOfRows(trx, Document.query(trx).where({ id: document.id }));
  await Document.query(trx).deleteById(document.id);
  await recordEvent(trx, {
    actor, action: 'delete', entity: 'documents', entityId: document.id, companyId: document.companyId,
    changes: { fileName: { from: document.fileName, to: null } },
  });
  return storageKeys;
}
