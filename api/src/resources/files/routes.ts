import Router from '@koa/router';
import { ZipArchive } from 'archiver';
import type { Knex } from 'knex';
import { PassThrough } from 'node:stream';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { sendDownload } from '../../http/download';
import { uploads } from '../../http/uploads';
import { parse, parseId } from '../../http/validate';
import { can } from '../../domain/permissions';
import type { FileStorages, FileVariant } from '../../services/storage';
import { uniqueNames } from '../../services/files/names';
import { Vehicle } from '../vehicles/model';
import { Container } from '../containers/model';
import { FILE_COLUMNS, STORAGE_COLUMNS, VehicleFile } from './model';
import { removeObjects } from './objects';
import { storeRecordFiles, type FileOwner } from './store';
import { deleteRecordFile, setDocumentKind } from './operations';
import { DocumentKindSchema } from './schema';
import { writeTransaction } from '../writeTransaction';

type Kind = 'vehicles' | 'containers';
const OWNER_COLUMN = { vehicles: 'vehicleId', containers: 'containerId' } as const;
const ZIP_NAME = { vehicles: 'vehicle', containers: 'container' } as const;
const VARIANTS: FileVariant[] = ['original', 'compressed', 'thumbnail'];

/**
 * The files of vehicles and of containers (SPEC.md §7): upload, delete, download, and all images
 * as one streamed ZIP. Access follows the record: whoever may see the vehicle or container may
 * read its files (a BUYER those of the vehicles sold to it); company staff may change them.
 */
export function fileRoutes(db: Knex, storages: FileStorages, kind: Kind, uploadMaxBytes: number, uploadMaxPixels: number) {
  const router = new Router({ prefix: `/${kind}/:id` });
  const ownerColumn = OWNER_COLUMN[kind];

  const findRecord = async (ctx: ApiContext): Promise<{ id: number; companyId: number }> => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    // Containers are for company staff only; a BUYER reaches files through its vehicles.
    if (kind === 'containers' && !can(user.role, 'containers', 'read')) throw forbidden();
    const record =
      kind === 'vehicles'
        ? await Vehicle.query(db).modify('scopedTo', user).findById(id).select('vehicles.id', 'vehicles.companyId')
        : await Container.query(db).modify('scopedTo', user).findById(id).select('containers.id', 'containers.companyId');
    if (!record) throw notFound(kind === 'vehicles' ? 'Vehicle not found' : 'Container not found');
    return record;
  };

  /** The file must belong to the record in the URL: another record's file id is "not found". */
  const findFile = async (ctx: ApiContext, recordId: number) => {
    const file = await VehicleFile.query(db).findOne({ id: parseId(ctx.params.fileId, 'fileId'), [ownerColumn]: recordId }).select([...FILE_COLUMNS, 'storage', 'storageKey']);
    if (!file) throw notFound('File not found');
    return file;
  };

  router.post('/files', authorize('files', 'create'), async (ctx, next) => {
    // Found (or 404) before a byte of the upload is read, and kept for the handler below.
    ctx.state.fileRecord = await findRecord(ctx);
    await next();
  }, uploads(uploadMaxBytes), async (ctx) => {
    const record = ctx.state.fileRecord as { id: number; companyId: number };
    const user = approvedUser(ctx);
    const { documentKind } = parse(DocumentKindSchema, ctx.state.uploadFields ?? {}, 'file');
    ctx.status = 201;
    ctx.body = await storeRecordFiles(db, storages.current, ctx.state.uploads!, { [ownerColumn]: record.id } as never, record.companyId, user, uploadMaxPixels, documentKind);
  });

  router.delete('/files/:fileId', authorize('files', 'delete'), async (ctx) => {
    const user = approvedUser(ctx);
    const record = await findRecord(ctx);
    const file = await findFile(ctx, record.id);
    const storageKeys = await writeTransaction(db, (trx) => deleteRecordFile(user, { owner: { [ownerColumn]: record.id } as FileOwner, fileId: file.id, companyId: record.companyId }, trx));
    await removeObjects(storages, storageKeys);
    ctx.body = answer(file);
  });

  /** A stored vehicle document given another kind (`{documentKind}`); containers' files have none. */
  if (kind === 'vehicles') {
    router.patch('/files/:fileId', authorize('files', 'update'), async (ctx) => {
      const user = approvedUser(ctx);
      const vehicleId = parseId(ctx.params.id);
      const fileId = parseId(ctx.params.fileId, 'fileId');
      const { documentKind } = parse(DocumentKindSchema.required(), ctx.request.body, 'file');
      ctx.body = await writeTransaction(db, (trx) => setDocumentKind(user, { vehicleId, fileId, documentKind }, trx));
    });
  }

  router.get('/files/:fileId/download', authorize('files', 'read'), async (ctx) => {
    const record = await findRecord(ctx);
    const file = await findFile(ctx, record.id);
    const variant = (ctx.query.variant ?? 'original') as FileVariant;
    if (!VARIANTS.includes(variant) || (variant !== 'original' && file.fileType !== 'IMAGE')) {
      throw notFound('No such version of this file');
    }
    const storage = storages.of(file);
    if (!(await storage.has(db, file, variant))) throw notFound('No such version of this file');
    const isOriginal = variant === 'original';
    sendDownload(
      ctx,
      storage.open(db, file, variant),
      {
        fileName: isOriginal ? file.fileName : `${file.fileName.replace(/\.[^.]+$/, '')}-${variant}.jpg`,
        mimeType: isOriginal ? file.mimeType : 'image/jpeg',
        size: isOriginal ? Number(file.fileSize) : undefined,
      },
      ctx.query.inline === '1' && file.fileType === 'IMAGE',
    );
  });

  router.get('/download-images', authorize('files', 'read'), async (ctx) => {
    const record = await findRecord(ctx);
    const images = await VehicleFile.query(db).where({ [ownerColumn]: record.id, fileType: 'IMAGE' }).orderBy('id').select([...STORAGE_COLUMNS, 'fileName']);
    if (!images.length) throw notFound('There are no images to download');
    const names = uniqueNames(images.map((i) => i.fileName));
    // Streamed one image at a time: archiver starts reading every stream it is given at once, so
    // the next image is appended only when the previous entry is written. Memory stays flat
    // however many images there are; the client's reading pace drives the database (or S3) reads.
    const archive = new ZipArchive({ store: true });
    const out = new PassThrough();
    archive.on('error', (err: Error) => out.destroy(err));
    archive.pipe(out);
    let next = 0;
    const appendNext = () => {
      if (next === images.length) return void archive.finalize();
      const i = next++;
      archive.append(storages.of(images[i]).open(db, images[i], 'original'), { name: names[i] });
    };
    archive.on('entry', appendNext);
    appendNext();
    sendDownload(ctx, out, { fileName: `${ZIP_NAME[kind]}_${record.id}_images.zip`, mimeType: 'application/zip' });
  });

  return router;
}

/** A file as answered: where its bytes are is the server's business. */
function answer(file: VehicleFile): Record<string, unknown> {
  const json = file.toJSON() as Record<string, unknown>;
  delete json.storage;
  delete json.storageKey;
  return json;
}
