import cluster from 'node:cluster';
import http from 'node:http';
import type { Knex } from 'knex';
import { loadConfig, type Config } from './config';
import { setPasswordHashCost } from './services/passwords';
import { closeDb, createDb, migrateLatest } from './db';
import { createApp } from './app';
import { checkStartupConfig, listen, listeningUrls, openDatabase, redactedUrl, seedFirstSuperAdmin, StartupError, waitForDatabase } from './startup';
import { createLogger } from './http/logger';
import { sweepStaleUploads, uploadsFolder } from './http/uploads';
import { createInvoiceRenderer } from './services/invoices/renderer';
import { loadDemoAtStart } from './demo/loadAtStart';
import { trackConnections } from './gracefulStop';
import { schemaState, startHeartbeat, unknownMigrationsProblem } from './db';
import { VERSION } from './install';
import { startupLog, type StartupLog } from './startupLog';
import { runWorkers } from './cluster';
import { deleteExpiredLimits, EXPIRED_LIMITS_EVERY_MS } from './resources/auth/throttle';
import { startNotificationJobs } from './resources/notifications/jobs';
import { startOrphanSweep } from './services/storage/sweep';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Reads the configuration, does the start-up work (migrations, the first super admin, demo data,
 * uploads left by stopped processes), then serves: in this process, or with API_PROCESSES above
 * 1 in that many worker processes sharing the port (cluster.ts), which start only once the work
 * is done, so exactly one process ever does it.
 */
async function main() {
  // What the server writes (database, backups, uploads in progress, the session secret) holds
  // photos, invoices and password hashes: readable by the service user only.
  process.umask(0o077);
  const config = loadConfig();
  checkStartupConfig(config);
  setPasswordHashCost(config.passwordHashCost);
  const say = startupLog(config.logLevel);
  if (cluster.isWorker) {
    await serve(config, createDb(config.databaseUrl, config.database), say, { worker: true });
    return;
  }
  await migrate(config, say);
  const db = createDb(config.databaseUrl, config.database);
  await prepare(db, config, say);
  if (config.processes <= 1) {
    await serve(config, db, say, { worker: false });
    return;
  }
  await closeDb(db);
  await runWorkers(config.processes, (port) => {
    const urls = listeningUrls(config.host, port);
    say(`The console and API are on ${urls.join(', ')}`, { urls, version: VERSION, database: redactedUrl(config.databaseUrl), processes: config.processes });
  });
}

async function migrate(config: Config, say: StartupLog) {
  // Migrations may run long statements (an index on a big table): no query deadline for them.
  const migrator = openDatabase(config, { ...config.database, queryTimeoutMs: 0 });
  let applied: string[];
  try {
    await waitForDatabase(migrator, config, (line) => say(line));
    // A database a newer version migrated: this version would misread it, so it does not start.
    const unknown = unknownMigrationsProblem(await schemaState(migrator));
    if (unknown) throw new StartupError(unknown);
    applied = await migrateLatest(migrator);
  } finally {
    await closeDb(migrator);
  }
  if (applied.length) say(`Applied ${applied.length} database migration(s): ${applied.join(', ')}`, { migrations: applied });
}

/** The rest of the start-up work, once per start whatever API_PROCESSES says. */
async function prepare(db: Knex, config: Config, say: StartupLog) {
  const admin = await seedFirstSuperAdmin(db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    const password = admin.password ? `password: ${admin.password} (shown once; it must be changed at the first sign-in)` : 'password from ADMIN_PASSWORD';
    say(`First super admin created: ${config.adminUsername}, ${password}`, { username: config.adminUsername, ...(admin.password ? { password: admin.password } : {}) });
  } else if (config.adminPassword) {
    // ADMIN_PASSWORD only names the first super admin's password: say so rather than seem to apply it.
    say('ADMIN_PASSWORD is ignored: a super admin exists already (npm run admin -- reset-password <username> gives one a new password)');
  }
  await loadDemoAtStart(db, config, (line) => line.trim() && say(line.trim()));
  const swept = await sweepStaleUploads(uploadsFolder(config.dataDir));
  if (swept) createLogger(config.logLevel).info('removed uploads left by stopped processes', { folders: swept });
}

/** Serves until SIGTERM or SIGINT, then stops cleanly: in the only process, or in one of the workers. */
async function serve(config: Config, db: Knex, say: StartupLog, { worker }: { worker: boolean }) {
  const logger = createLogger(config.logLevel);
  let stopping = false;
  const app = createApp({ db, config, logger, invoiceRenderer: createInvoiceRenderer({ keepWarm: true }) });
  const handle = app.callback();
  // Responses not yet started: each asks its keep-alive client to close the connection once
  // stopping begins, whichever route (or none) answers it.
  const unanswered = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    else {
      unanswered.add(res);
      res.on('close', () => unanswered.delete(res));
    }
    void handle(req, res);
  });
  const connections = trackConnections(server);
  // Above the idle timeout of common load balancers (60 s), so the balancer, not this process,
  // closes an idle connection: otherwise a request it sends as we close it is lost.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1_000;
  // Node wants the whole request's deadline (300 s by default) no shorter than the headers'.
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
  const port = await listen(server, config);
  // Tells `npm run migrate -- rollback` that this database is in use, until the server stops.
  const heartbeat = await startHeartbeat(db, VERSION);
  // Sign-in and registration counts that ran out an hour ago go, until the server stops.
  let pruning: Promise<unknown> = Promise.resolve();
  const pruneLimits = setInterval(() => {
    pruning = deleteExpiredLimits(db).catch((error: unknown) => logger.error('could not remove expired sign-in counts', { error }));
  }, EXPIRED_LIMITS_EVERY_MS);
  pruneLimits.unref();
  // The overdue-document scan and, with SMTP_URL, the mail sender: in every process, safe together.
  const notificationJobs = startNotificationJobs(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger });
  // With S3 storage (unless sweepOrphans=false): the objects of keys a stopped upload or a failed
  // removal left recorded in storage_pending_keys, after a day; only recorded keys, so another
  // install's objects in a shared bucket are never touched. One process at a time per key.
  const s3 = app.fileStorages.s3;
  const orphanSweep = s3 && config.storage.kind === 's3' && config.storage.sweepOrphans ? startOrphanSweep(s3, logger) : null;
  if (!worker) {
    const urls = listeningUrls(config.host, port);
    say(`The console and API are on ${urls.join(', ')}`, { urls, version: VERSION, database: redactedUrl(config.databaseUrl) });
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, ...(worker ? { pid: process.pid } : {}) });
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Accept and answer for the window (SHUTDOWN_DRAIN_MS), then stop listening once arrivals
    // stop, closing kept connections only when they are quiet (gracefulStop.ts).
    await connections.stop({ drainMs: config.shutdownDrainMs, graceMs: SHUTDOWN_GRACE_MS });
    clearInterval(pruneLimits);
    await pruning; // one already running ends before the database closes
    await app.closeResources();
    await notificationJobs.stop();
    await orphanSweep?.stop();
    await heartbeat.stop().catch(() => undefined);
    await closeDb(db);
    if (!worker) logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A promise a library left unawaited (a background clean-up whose database was busy) is logged,
  // not allowed to end a process that is serving everyone else's requests.
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { error: reason }));
}

main().catch((err) => {
  // One line that says what to change; a stack only for what we did not foresee.
  const known = err instanceof StartupError || /^Invalid configuration/.test(err?.message ?? '');
  process.stderr.write(`Failed to start: ${known ? err.message : (err?.stack ?? String(err))}\n`);
  process.exit(1);
});
