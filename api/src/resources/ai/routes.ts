import Router from '@koa/router';
import type { Knex } from 'knex';
import pLimit from 'p-limit';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { foundOr404 } from '../foundOr404';
import { parseId } from '../../http/validate';
import { readImageForVision } from '../../services/files/readAll';
import { analyseDamage, askColor } from '../../services/vision/analysis';
import { CAR_COLORS, type CarColor } from '../../services/vision/colors';
import { detectColorEmbedded } from '../../services/vision/embeddedColor';
import type { OllamaVision } from '../../services/vision/ollamaVision';
import { Vehicle } from '../vehicles/model';
import { STORAGE_COLUMNS, VehicleFile } from '../files/model';
import type { FileStorages } from '../../services/storage';
import { writeTransaction } from '../writeTransaction';
import { storeDamageAnalysis } from '../vehicles/operations';

const MAX_ANALYSIS_IMAGES = 8;

/** Colour detection, damage analysis and the AI status (SPEC.md §7). */
export function aiRoutes(db: Knex, storages: FileStorages, vision: OllamaVision, concurrency: number) {
  const router = new Router();
  // Analyses are heavy for the model's machine: at most `concurrency` at once, the rest queue.
  const analysisSlots = pLimit(concurrency);

  const findVehicle = (ctx: ApiContext, param: string) => foundOr404(Vehicle.query(db).modify('scopedTo', approvedUser(ctx)), parseId(ctx.params[param], param), 'Vehicle not found');

  router.post('/vehicles/:vehicleId/files/:fileId/detect-color', authorize('vehicles', 'update'), async (ctx) => {
    const vehicle = await findVehicle(ctx, 'vehicleId');
    const file = await VehicleFile.query(db).findOne({ id: parseId(ctx.params.fileId, 'fileId'), vehicleId: vehicle.id }).select([...STORAGE_COLUMNS, 'fileType']);
    if (!file) throw notFound('File not found');
    if (file.fileType !== 'IMAGE') throw badRequest('Colour can only be detected on an image');
    const image = await readImageForVision(db, storages, file);

    let color: CarColor | null = null;
    let source: 'ollama' | 'embedded' = 'embedded';
    const status = await vision.status();
    if (status.reachable && status.modelPresent) {
      try {
        color = await askColor(vision, image);
        source = 'ollama';
      } catch {
        // The model failed this time: the embedded detector still answers.
      }
    }
    color ??= await detectColorEmbedded(image).catch(() => {
      throw new HttpError(415, 'request.unsupportedMediaType', 'The image could not be read');
    });
    ctx.body = { color, hex: CAR_COLORS[color], source };
  });

  router.post('/vehicles/:id/accident-analysis', authorize('vehicles', 'runAnalysis'), async (ctx) => {
    const vehicle = await findVehicle(ctx, 'id');
    const files = await VehicleFile.query(db).where({ vehicleId: vehicle.id, fileType: 'IMAGE' }).orderBy('id').limit(MAX_ANALYSIS_IMAGES).select(STORAGE_COLUMNS);
    if (!files.length) throw badRequest('This vehicle has no images to analyse. Upload photos first.');
    const images = await Promise.all(files.map((f) => readImageForVision(db, storages, f)));

    const result = await analysisSlots(async () => {
      const status = await vision.status(true);
      if (!status.reachable) throw vision.unreachable();
      if (!status.modelPresent) throw vision.modelMissing();
      return analyseDamage(vision, images);
    });
    // Stored only once the whole analysis succeeded: a failure never overwrites the last one.
    const lastAnalysisDate = new Date().toISOString();
    const analysis = { en: result.en, ar: result.ar, imageCount: images.length, at: lastAnalysisDate };
    await writeTransaction(db, (trx) => storeDamageAnalysis(approvedUser(ctx), vehicle, analysis, trx));
    ctx.body = { analysis: result.en, analysisAr: result.ar, imageCount: images.length, lastAnalysisDate, findings: result.findings };
  });

  router.get('/ai/status', authorize('vehicles', 'runAnalysis'), async (ctx) => {
    const status = await vision.status(true);
    ctx.body = { ollama: status, colorDetector: status.reachable && status.modelPresent ? 'ollama' : 'embedded', concurrency };
  });

  return router;
}
