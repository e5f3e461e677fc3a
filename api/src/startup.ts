import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Knex } from 'knex';
import type { Config } from './config';
import { createDb, engineOf, type DatabaseDeadlines } from './db';
import { ensureFirstSuperAdmin, type FirstAdmin } from '../../seeds/firstSuperAdmin';

/**
 * A reason the server cannot start, said in one line that names the setting to change: the
 * server prints it without a stack trace and exits with 1.
 */
export class StartupError extends Error {}

/** The database URL as it may be printed: never its password. */
export const redactedUrl = (databaseUrl: string) => databaseUrl.replace(/\/\/[^@/]*@/, '//***@');

/** Settings that parse but cannot work together. */
export function checkStartupConfig(config: Config): void {
  if (engineOf(config.databaseUrl) === 'mysql' && !new URL(config.databaseUrl).pathname.replace(/^\//, '')) {
    throw new StartupError(`DATABASE_URL names no database: add its name after the host, e.g. mysql://user:pass@host:3306/vehicles`);
  }
  if (config.embedCrossSite && !config.trustProxy) {
    // The server speaks plain HTTP; a cross-site iframe needs a Secure cookie, so HTTPS in front.
    throw new StartupError(
      'EMBED_CROSS_SITE=true needs HTTPS, which this server does not speak: end TLS at a reverse proxy and set TRUST_PROXY=true, or leave EMBED_CROSS_SITE off',
    );
  }
}

/** knex for DATABASE_URL, or why the embedded database's file cannot be made. */
export function openDatabase(config: Config, deadlines: DatabaseDeadlines): Knex {
  try {
    return createDb(config.databaseUrl, deadlines);
  } catch (error) {
    throw new StartupError(`The database file cannot be opened (${errorCode(error)}): check DATABASE_URL (${redactedUrl(config.databaseUrl)}) and that its directory is writable`);
  }
}

const errorCode = (error: unknown) => String((error as { code?: string })?.code ?? (error as Error)?.message ?? error);

/**
 * Waits for the database to answer, trying again every second for up to `waitMs` and saying so
 * once: a database started together with the server (a reboot, docker compose) is often a few
 * seconds late. SQLite answers at once or never (a path that cannot be opened).
 */
export async function waitForDatabase(db: Knex, config: Config, say: (line: string) => void, waitMs = config.databaseWaitMs): Promise<void> {
  const deadline = Date.now() + waitMs;
  let said = false;
  for (;;) {
    try {
      await db.raw('select 1');
      return;
    } catch (error) {
      const where = redactedUrl(config.databaseUrl);
      if (engineOf(config.databaseUrl) === 'sqlite') throw new StartupError(`The database file cannot be opened (${errorCode(error)}): check DATABASE_URL (${where}) and that its directory is writable`);
      if (Date.now() >= deadline) throw new StartupError(`The database at ${where} does not answer (${errorCode(error)}): check DATABASE_URL and that the database server runs`);
      if (!said) say(`The database at ${where} does not answer (${errorCode(error)}); trying again for up to ${Math.round(waitMs / 1000)} s…`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadline - Date.now()))));
    }
  }
}

/** Listens on PORT and HOST, or says which of them to change. */
export function listen(server: Server, config: Config): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new StartupError(`Port ${config.port} is already in use: set PORT to a free port, or stop the program that uses it`));
      else if (error.code === 'EACCES') reject(new StartupError(`Port ${config.port} needs more rights than this user has: set PORT to 1024 or above`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new StartupError(`HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`));
      else reject(new StartupError(`Cannot listen on ${config.host}:${config.port} (${error.code ?? error.message}): check PORT and HOST`));
    };
    server.once('error', failed);
    server.listen(config.port, config.host, () => {
      server.off('error', failed);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : config.port);
    });
  });
}

/** The addresses people can open: every IPv4 address of the machine when listening on all of them. */
export function listeningUrls(host: string, port: number): string[] {
  const all = host === '0.0.0.0' || host === '::' || host === '';
  if (!all) return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && info.family === 'IPv4')
    .map((info) => (info!.internal ? 'localhost' : info!.address));
  return [...new Set(['localhost', ...addresses])].map((address) => `http://${address}:${port}`);
}

/** The first super admin (seeds/firstSuperAdmin.ts), in one transaction. */
export async function seedFirstSuperAdmin(db: Knex, admin: FirstAdmin): Promise<{ created: boolean; password: string | null }> {
  return db.transaction((trx) => ensureFirstSuperAdmin(trx, admin));
}
