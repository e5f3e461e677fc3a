import { accessSync, chmodSync, constants, mkdirSync, readdirSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { networkInterfaces } from 'node:os';
import type { Knex } from 'knex';
import type { Config } from './config';
import { createDb, engineOf, parseMysqlUrl, type DatabaseDeadlines } from './db';
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
  if (engineOf(config.databaseUrl) === 'mysql') checkMysqlUrl(config.databaseUrl);
  checkDataDir(config.dataDir);
  if (engineOf(config.databaseUrl) === 'mysql' && !parseMysqlUrl(config.databaseUrl).url.pathname.replace(/^\//, '')) {
    throw new StartupError(`DATABASE_URL names no database: add its name after the host, e.g. mysql://user:pass@host:3306/vehicles`);
  }
  if (config.embedCrossSite && !config.trustProxy) {
    // The server speaks plain HTTP; a cross-site iframe needs a Secure cookie, so HTTPS in front.
    throw new StartupError(
      'EMBED_CROSS_SITE=true needs HTTPS, which this server does not speak: end TLS at a reverse proxy and set TRUST_PROXY=true, or leave EMBED_CROSS_SITE off',
    );
  }
}

const RESERVED = 'percent-encode reserved characters of the user name and password (# as %23, @ as %40, / as %2F, ? as %3F, : as %3A, % as %25, space as %20)';

/** A mysql:// URL that does not read as the operator meant (a # or @ in the password). */
function checkMysqlUrl(databaseUrl: string): void {
  let url: URL;
  try {
    // A list of hosts (a cluster), else read whole: an unencoded @ reads as a host "ss@db" first.
    url = (() => {
      try {
        return parseMysqlUrl(databaseUrl).url;
      } catch {
        return new URL(databaseUrl);
      }
    })();
  } catch {
    throw new StartupError(`DATABASE_URL cannot be read as a URL: ${RESERVED}`);
  }
  // A # starts the URL's fragment: whatever followed it in the password is lost.
  if (url.hash || databaseUrl.split('@').length > 2) throw new StartupError(`DATABASE_URL reads differently than written (a # or @ in it): ${RESERVED}`);
  try {
    decodeURIComponent(url.password);
    decodeURIComponent(url.username);
  } catch {
    throw new StartupError(`DATABASE_URL has a % that starts no percent-encoding: ${RESERVED}`);
  }
}

/** DATA_DIR and its folder of uploads in progress, made (0700) and writable, or why not. */
function checkDataDir(dataDir: string): void {
  try {
    for (const dir of [dataDir, path.join(dataDir, 'tmp')]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      accessSync(dir, constants.W_OK | constants.X_OK);
    }
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be written by this user (${errorCode(error)}): set DATA_DIR to a folder the service user owns, or give it that folder`);
  }
  closeToOthers(dataDir);
}

/**
 * An install made by an earlier version left DATA_DIR 0755 and its files 0644 (photos, invoices,
 * password hashes in the SQLite file): what this user owns there is made its own only, as
 * everything the server writes now is (umask 077). What it does not own is left as it is.
 */
function closeToOthers(dataDir: string): void {
  const uid = process.getuid?.();
  const close = (file: string, mode: number) => {
    try {
      const stat = statSync(file);
      if (stat.uid === uid && (stat.mode & 0o077) !== 0) chmodSync(file, mode);
    } catch {
      // Gone or unreadable: nothing to close.
    }
  };
  close(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    close(path.join(dataDir, entry.name), entry.isDirectory() ? 0o700 : 0o600);
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

/** MySQL/MariaDB answers that mean a wrong DATABASE_URL, not a server still starting. */
const LOGIN_REFUSALS: Record<string, string> = {
  ER_ACCESS_DENIED_ERROR: 'refused the user name or password',
  ER_DBACCESS_DENIED_ERROR: 'refused this user access to the database',
  ER_BAD_DB_ERROR: 'has no database of that name',
  ER_HOST_NOT_PRIVILEGED: 'does not let this host connect',
};

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
      // The server answered and said no: trying again changes nothing.
      const refusal = LOGIN_REFUSALS[errorCode(error)];
      if (refusal) throw new StartupError(`The database at ${where} ${refusal} (${errorCode(error)}): check DATABASE_URL`);
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
