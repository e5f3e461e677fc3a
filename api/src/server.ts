import http from 'node:http';
import { loadConfig } from './config';
import { closeDb, migrateLatest } from './db';
import { createApp } from './app';
import { checkStartupConfig, listen, listeningUrls, openDatabase, redactedUrl, StartupError, waitForDatabase } from './startup';
import { createLogger } from './http/logger';
import { createInvoiceRenderer } from './services/invoices/renderer';
import { ensureFirstSuperAdmin } from '../../seeds/firstSuperAdmin';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads the configuration, migrates, makes sure a super admin exists, listens, stops cleanly. */
async function main() {
  const config = loadConfig();
  checkStartupConfig(config);
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config);
  await waitForDatabase(db, config, (line) => process.stdout.write(`${line}\n`));
  const applied = await migrateLatest(db);
  if (applied.length) process.stdout.write(`Applied ${applied.length} database migration(s): ${applied.join(', ')}\n`);

  const admin = await ensureFirstSuperAdmin(db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created) {
    const password = admin.password ? `password: ${admin.password} (shown once; change it after signing in)` : 'password from ADMIN_PASSWORD';
    process.stdout.write(`\nFirst super admin created: ${config.adminUsername}, ${password}\n\n`);
  }

  const app = createApp({ db, config, logger, invoiceRenderer: createInvoiceRenderer({ keepWarm: true }) });
  let stopping = false;
  // While stopping, answers ask keep-alive clients to close their connection.
  app.use(async (ctx, next) => {
    if (stopping) ctx.set('Connection', 'close');
    await next();
  });
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  const port = await listen(server, config);
  const urls = listeningUrls(config.host, port);
  logger.info('listening', { urls, database: redactedUrl(config.databaseUrl) });
  if (config.logLevel !== 'silent') process.stdout.write(`The console and API are on ${urls.join(', ')}\n`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting; idle keep-alive sockets close now, busy ones once their response is sent.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearInterval(idleSweep);
    clearTimeout(deadline);
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
