import { createReadStream } from 'node:fs';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { sendDownload } from '../../http/download';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { uploads } from '../../http/uploads';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { stageThenCommit, type FileStorages } from '../../services/storage';
import { detectFile, type DetectedFile } from '../../services/files/detect';
import { safeFileName, withExtension } from '../../services/files/names';
import { assertCompanyExists } from '../companies/policy';
import { Document } from './model';
import { DocumentFieldsSchema } from './schema';
import { writeTransaction } from '../writeTransaction';
import { deleteDocument, recordDocumentCreated } from './operations';
import { removeObjects } from '../files/objects';

const LIST: ListSpec = {
  resource: 'documents',
  sort: { id: 'documents.id', fileName: 'documents.fileName', fileSize: 'documents.fileSize', createdAt: 'documents.createdAt', documentType: 'documents.documentType' },
  filters: {
    id: { column: 'documents.id', kind: 'number' },
    companyId: { column: 'documents.companyId', kind: 'number' },
    documentType: { column: 'documents.documentType', kind: 'text' },
    createdAt: { column: 'documents.createdAt', kind: 'date' },
  },
  search: ['documents.fileName', 'documents.documentType'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'documents.id',
};

/**
 * Shared documents (SPEC.md §2 /documents): SUPER_ADMIN uploads; SUPER_ADMIN and SHIPPER read.
 * Their bytes are where each row says (`storage`: the database's chunks, or S3), new ones where
 * STORAGE_URL says.
 */
export function documentRoutes(db: Knex, storages: FileStorages, uploadMaxBytes: number) {
  const router = new Router({ prefix: '/documents' });

  const visible = (ctx: ApiContext) => Document.query(db).modify('scopedTo', approvedUser(ctx)).modify('rowColumns');

  const findVisible = (ctx: ApiContext) => foundOr404(visible(ctx), parseId(ctx.params.id), 'Document not found');

  router.get('/', authorize('documents', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visible(ctx));
  });

  router.get('/:id', authorize('documents', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.post('/', authorize('documents', 'create'), uploads(uploadMaxBytes), async (ctx) => {
    const user = approvedUser(ctx);
    const fields = parse(DocumentFieldsSchema, ctx.state.uploadFields, 'document');
    await assertCompanyExists(db, fields.companyId);
    const files = ctx.state.uploads!;
    const types: DetectedFile[] = [];
    for (const file of files) types.push(await detectFile(file.path, { images: false, text: true }));
    // The bytes first (streamed from the upload's file), then every row in one transaction: all or nothing.
    const sources = files.map((file) => ({ original: () => createReadStream(file.path) }));
    const ids = await stageThenCommit(storages.current, 'document', sources, (staged) => writeTransaction(db, async (trx) => {
      const created: number[] = [];
      for (const [i, file] of files.entries()) {
        const fileName = safeFileName(withExtension(safeFileName(file.name, types[i].extension), types[i].extension));
        const { id } = await Document.query(trx).insert({
          fileName,
          mimeType: types[i].mimeType,
          fileSize: file.size,
          uploadedBy: user.id,
          companyId: fields.companyId,
          documentType: fields.documentType,
          metadata: fields.metadata,
          ...staged[i].columns,
        });
        await staged[i].write(trx, Number(id));
        await recordDocumentCreated(trx, user, { id: Number(id), fileName, companyId: fields.companyId ?? null });
        created.push(Number(id));
      }
      return created;
    }, { createdBy: user }));
    ctx.status = 201;
    const rows = await visible(ctx).whereIn('documents.id', ids).orderBy('documents.id');
    // One file answers with its record (react-admin's create); several with the list.
    ctx.body = rows.length === 1 ? rows[0] : rows;
  });

  router.get('/:id/download', authorize('documents', 'read'), async (ctx) => {
    // Where its bytes are, read with it (never answered).
    const document = await foundOr404(visible(ctx).select('documents.storage', 'documents.storageKey'), parseId(ctx.params.id), 'Document not found');
    const stored = { id: document.id, storage: document.storage, storageKey: document.storageKey, kind: 'document' as const };
    sendDownload(ctx, storages.of(stored).open(db, stored, 'original'), {
      fileName: document.fileName,
      mimeType: document.mimeType,
      size: document.fileSize,
    });
  });

  router.delete('/:id', authorize('documents', 'delete'), async (ctx) => {
    const document = await findVisible(ctx);
    await removeObjects(storages, await writeTransaction(db, (trx) => deleteDocument(approvedUser(ctx), document, trx)));
    ctx.body = document;
  });

  return router;
}
