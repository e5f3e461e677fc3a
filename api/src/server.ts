import http from 'node:http';
import { loadConfig } from './config';
import { closeDb, createDb, migrateLatest } from './db';
import { createApp } from './app';
import { checkStartupConfig, listen, listeningUrls, openDatabase, redactedUrl, seedFirstSuperAdmin, StartupError, waitForDatabase } from './startup';
import { createLogger } from './http/logger';
import { sweepStaleUploads } from './http/uploads';
import { createInvoiceRenderer } from './services/invoices/renderer';
import { loadDemoAtStart } from './demo/loadAtStart';
import { trackConnections } from './gracefulStop';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads the configuration, migrates, makes sure a super admin exists, listens, stops cleanly. */
async function main() {
  const config = loadConfig();
  checkStartupConfig(config);
  const logger = createLogger(config.logLevel);

  // Migrations may run long statements (an index on a big table): no query deadline for them.
  const migrator = openDatabase(config, { ...config.database, queryTimeoutMs: 0 });
  let applied: string[];
  try {
    await waitForDatabase(migrator, config, (line) => process.stdout.write(`${line}\n`));
    applied = await migrateLatest(migrator);
  } finally {
    await closeDb(migrator);
  }
  if (applied.length) process.stdout.write(`Applied ${applied.length} database migration(s): ${applied.join(', ')}\n`);
  const db = createDb(config.databaseUrl, config.database);

  const admin = await seedFirstSuperAdmin(db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    const password = admin.password ? `password: ${admin.password} (shown once; it must be changed at the first sign-in)` : 'password from ADMIN_PASSWORD';
    process.stdout.write(`\nFirst super admin created: ${config.adminUsername}, ${password}\n\n`);
  }
  await loadDemoAtStart(db, config, (line) => process.stdout.write(`${line}\n`));

  let stopping = false;
  const swept = await sweepStaleUploads();
  if (swept) logger.info('removed uploads left by stopped processes', { folders: swept });
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
  const urls = listeningUrls(config.host, port);
  logger.info('listening', { urls, database: redactedUrl(config.databaseUrl) });
  if (config.logLevel !== 'silent') process.stdout.write(`The console and API are on ${urls.join(', ')}\n`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Accept and answer for the window (SHUTDOWN_DRAIN_MS), then stop listening once arrivals
    // stop, closing kept connections only when they are quiet (gracefulStop.ts).
    await connections.stop({ drainMs: config.shutdownDrainMs, graceMs: SHUTDOWN_GRACE_MS });
    await app.closeResources();
    await closeDb(db);
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // One line that says what to change; a stack only for what we did not foresee.
  const known = err instanceof StartupError || /^Invalid configuration/.test(err?.message ?? '');
  process.stderr.write(`Failed to start: ${known ? err.message : (err?.stack ?? String(err))}\n`);
  process.exit(1);
});
