import Koa from 'koa';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { findUser, userFromRow } from './accounts';
import type { Config } from './config';
import { createFileStorages, type FileStorages } from './services/storage';
import { writeTransaction } from './resources/writeTransaction';
import { isDatabaseUp, schemaProblem, schemaState } from './db';
import { VERSION } from './install';
import { loadCurrentUser } from './http/auth';
import { compression } from './http/compression';
import { consoleStatic } from './http/console';
import { errorMiddleware } from './http/errorMiddleware';
import { jsonBody } from './http/jsonBody';
import { idempotency } from './http/idempotency';
import { fairShare } from './http/fairShare';
import { clientAddressBehind } from './http/clientAddress';
import { requestContext } from './http/requestContext';
import { uploadsFolder } from './http/uploads';
import { importRoutes } from './resources/imports/routes';
import { HttpError } from './http/errors';
import { lowStorage } from './http/storageFull';
import path from 'node:path';
import { createLogger, requestLog, type Logger } from './http/logger';
import { crossSiteGuard, securityHeaders } from './http/security';
import { frameParentOrigins, ownOrigin } from './http/origins';
import { sessionMiddleware } from './http/session';
import { authRoutes } from './resources/auth/routes';
import { companyRoutes } from './resources/companies/routes';
import { portRoutes } from './resources/ports/routes';
import { userRoutes } from './resources/users/routes';
import { containerRoutes } from './resources/containers/routes';
import { vehicleRoutes } from './resources/vehicles/routes';
import { publicTrackingRoutes, trackingLinkRoutes } from './resources/trackingLinks/routes';
import { vinRoutes } from './resources/vin/routes';
import { dashboardRoutes } from './resources/dashboard/routes';
import { notificationRoutes } from './resources/notifications/routes';
import { createVinDecoder } from './services/vin/decoder';
import { fileRoutes } from './resources/files/routes';
import { documentRoutes } from './resources/documents/routes';
import { invoiceRoutes } from './resources/invoices/routes';
import { invoiceSellerRoutes } from './resources/invoices/sellerRoutes';
import { aiRoutes } from './resources/ai/routes';
import { auditLogRoutes } from './resources/auditLog/routes';
import { demoRoutes } from './demo/routes';
import { createOllamaVision } from './services/vision/ollamaVision';
import { createInvoiceRenderer, type InvoiceRenderer } from './services/invoices/renderer';
import { setPasswordHashCost } from './services/passwords';

export type AppOptions = { db: Knex; config: Config; logger?: Logger; invoiceRenderer?: InvoiceRenderer; storages?: FileStorages };

/** Builds the whole Koa app (API and console) without listening, for server.ts and for tests. */
export type App = Koa & {
  closeResources(): Promise<void>;
  /** Every API route as method and path pattern ("GET /api/vehicles/:id"), for tests that visit them all. */
  apiRoutes(): { method: string; path: string }[];
  /** Requests waiting for their user's turn (http/fairShare.ts), for tests. */
  waitingForTurn(): number;
  /** Where files' bytes are (the orphan sweep's, server.ts). */
  fileStorages: FileStorages;
};

export function createApp({ db, config, logger = createLogger(config.logLevel), invoiceRenderer = createInvoiceRenderer(), storages }: AppOptions): App {
  // Where stored files' bytes are (STORAGE_URL): vehicles' and containers' files, company documents,
  // invoices' PDFs, logos; objects a delete could not remove are the sweep's.
  const files =
    storages ??
    createFileStorages(config.storage, {
      db,
      write: (work) => writeTransaction(db, work),
      onRemoveFailed: (error, storageKeys) => logger.error('could not remove deleted files from S3 storage; the sweep will', { error, storageKeys }),
    });
  setPasswordHashCost(config.passwordHashCost);
  const proxies = config.trustedProxies;
  // With a number of proxies, Koa takes the client from that many right-most X-Forwarded-For entries.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: proxies && 'hops' in proxies ? proxies.hops : 0 });
  // Errors after the response started (a download the client stopped reading) come here. A client
  // going away is normal; anything else is logged like any other failure.
  app.silent = true;
  app.context.uploadsRoot = uploadsFolder(config.dataDir);
  app.context.diskWriteTimeoutMs = config.diskWriteTimeoutMs;
  app.on('error', (err: Error & { code?: string }) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    logger.error('stream failed', { error: err });
  });

  if (proxies && 'addresses' in proxies) app.use(clientAddressBehind(proxies.addresses));
  app.use(requestLog(logger));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(consoleStatic(config.adminDist));

  // Health first: it must answer even when the database (and so the session store) is down.
  const health = new Router();
  // The folders whose free space decides whether writes can succeed: the data folder, and the
  // SQLite database's folder when it is elsewhere.
  const sqliteFile = /^sqlite:(.+)$/.exec(config.databaseUrl)?.[1];
  const storageFolders: Record<string, string> = { DATA_DIR: config.dataDir, ...(sqliteFile ? { DATABASE_URL: path.dirname(sqliteFile) } : {}) };
  health.get('/api/health', async (ctx) => {
    ctx.status = 503;
    if (!(await isDatabaseUp(db))) {
      ctx.body = { status: 'unavailable', version: VERSION, message: 'The database is not answering', code: 'service.unavailable' };
      return;
    }
    // A database this version cannot serve (a table gone, a rollback, a newer version's schema)
    // answers 503 too: a load balancer then sends no one to a server that would answer 500s.
    const problem = await schemaState(db).then(schemaProblem, (error: Error) => `The schema cannot be read: ${error.message}`);
    if (problem) {
      ctx.body = { status: 'unavailable', version: VERSION, message: problem, code: 'service.schemaMismatch' };
      return;
    }
    const low = await lowStorage(storageFolders, config.diskFreeMinBytes);
    if (low) {
      ctx.body = { status: 'unavailable', version: VERSION, message: low, code: 'storage.full' };
      return;
    }
    ctx.status = 200;
    ctx.body = { status: 'ok', version: VERSION };
  });
  // What the console shows and needs before anyone signs in: this version, the largest file the
  // server takes (to explain a proxy's own 413, which carries no JSON), and the intranet pages
  // that may frame it, the only origins its messages go to (docs/embedding.md).
  health.get('/api/about', (ctx) => {
    ctx.body = {
      version: VERSION,
      uploadMaxMb: Math.round((config.uploadMaxBytes / 1024 / 1024) * 10) / 10,
      parentOrigins: frameParentOrigins(config.frameAncestors, ownOrigin(ctx, config).origin),
    };
  });
  app.use(health.routes());

  app.use(crossSiteGuard(config, logger));
  app.use(jsonBody);
  app.use(sessionMiddleware(app, db, config, userFromRow));
  app.use(loadCurrentUser(findUser(db)));
  // The client's address for the record of events, with the request's user (http/requestContext.ts).
  app.use(requestContext());
  const turns = fairShare(config.requestsPerUser);
  app.use(turns);
  app.use(idempotency(db));

  // Anything under /api that no route took is a JSON 404, never the console's page. It wraps the
  // router rather than following it, so allowedMethods (which acts after next()) answers a known
  // path's wrong method with 405 first.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) {
      throw new HttpError(404, 'notFound', `No such endpoint: ${ctx.method} ${ctx.path}`);
    }
  });

  const api = new Router({ prefix: '/api' });
  const vin = createVinDecoder({ baseUrl: config.vpicUrl, timeoutMs: config.vpicTimeoutMs });
  const resources = [
    authRoutes(db),
    companyRoutes(db, files),
    userRoutes(db),
    portRoutes(db),
    // Before the resources' own routes: /vehicles/import and /vehicles/export are not ids.
    importRoutes(db, config.uploadMaxBytes),
    containerRoutes(db, files),
    vehicleRoutes(db, vin, files),
    trackingLinkRoutes(db),
    // Without a session: what a buyer's tracking link opens (GET only).
    publicTrackingRoutes(db, files),
    vinRoutes(vin),
    dashboardRoutes(db),
    notificationRoutes(db),
    fileRoutes(db, files, 'vehicles', config.uploadMaxBytes, config.uploadMaxPixels),
    fileRoutes(db, files, 'containers', config.uploadMaxBytes, config.uploadMaxPixels),
    documentRoutes(db, files, config.uploadMaxBytes),
    invoiceRoutes(db, invoiceRenderer, files),
    invoiceSellerRoutes(db),
    aiRoutes(db, files, createOllamaVision(config.ollama), config.ollama.concurrency),
    demoRoutes(db, files, config.uploadMaxPixels),
    auditLogRoutes(db),
  ];
  for (const r of resources) api.use(r.routes());
  app.use(api.routes());
  app.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () => new HttpError(405, 'request.methodNotAllowed', 'This method is not allowed on this endpoint'),
      // A method the server knows nowhere (PROPFIND, TRACE…) is as much refused as a wrong one: 405.
      notImplemented: () => new HttpError(405, 'request.methodNotAllowed', 'This method is not allowed on this endpoint'),
    }),
  );

  // Worker threads (invoice PDFs) end with the app; the database is its owner's to close.
  const apiRoutes = () =>
    [health, api].flatMap((router) => router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))));
  return Object.assign(app, { closeResources: async () => {
    await invoiceRenderer.close();
    if (!storages) files.close();
  }, apiRoutes, waitingForTurn: turns.waiting, fileStorages: files });
}
