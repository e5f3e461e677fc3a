import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SQLITE_SHORT_READ_MS, parseMysqlUrl } from './db';
import { installPath } from './install';

/**
 * Which proxies in front of the server are trusted (TRUST_PROXY): how many of them there are
 * (`true` is one), or their addresses. Each proxy appends the address it was reached from to
 * X-Forwarded-For, so the client is the right-most address that is not one of our proxies; what
 * the client itself wrote is further left and never believed.
 */
export type TrustedProxies = { hops: number } | { addresses: ReadonlySet<string> } | null;

/**
 * STORAGE_URL: where the bytes of vehicle and container files go (services/storage/settings.ts has
 * the same shape, for the storages): the database, or an S3-compatible bucket.
 */
export type StorageSettings =
  | { kind: 'db' }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean; sweepOrphans: boolean; credentials?: { accessKeyId: string; secretAccessKey: string } };

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle', 'sweepOrphans']);

/** STORAGE_URL's value, or a message saying what it takes. Credentials come from the environment, never the URL. */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = {}): StorageSettings | string {
  const text = value.trim();
  if (text === '' || text === 'db:' || text === 'db') return { kind: 'db' };
  const usage = 'use db: or s3://bucket?endpoint=https://host:port&region=…&forcePathStyle=true';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return usage;
  }
  if (url.protocol !== 's3:') return usage;
  if (url.username || url.password) return 'give the credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL';
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`;
  if (url.pathname && url.pathname !== '/') return 'the URL names a bucket only (s3://bucket), no path';
  const unknown = [...url.searchParams.keys()].find((key) => !PARAMS.has(key));
  if (unknown) return `unknown parameter "${unknown}": endpoint, region, forcePathStyle and sweepOrphans are known`;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) return `endpoint "${endpoint}" must be an http:// or https:// URL`;
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) return 'forcePathStyle is true or false';
  // On by default: the sweep removes only the objects of keys this database recorded as in
  // flight a day ago (services/storage/sweep.ts), never another install's. `false` turns it off
  // (a copy of the database started beside the original on the same bucket: docs/operations.md);
  // `true`, which once turned on a sweep that listed the bucket, is the default now.
  const sweep = url.searchParams.get('sweepOrphans') ?? 'true';
  if (!['true', 'false'].includes(sweep)) return 'sweepOrphans is true or false';
  const [accessKeyId, secretAccessKey] = [env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY];
  if (!!accessKeyId !== !!secretAccessKey) return 'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither';
  return {
    kind: 's3',
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    sweepOrphans: sweep === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

const OFF = new Set(['', '0', 'false', 'no', 'off']);
const ONE = new Set(['true', 'yes', 'on']);

/** TRUST_PROXY's value, or a message saying what it takes. */
export function parseTrustProxy(value: string): TrustedProxies | string {
  const text = value.trim().toLowerCase();
  if (OFF.has(text)) return null;
  if (ONE.has(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? { hops: Number(text) } : 'at most 10 proxies';
  const addresses = text.split(/[\s,]+/).filter(Boolean).map(plainAddress);
  const wrong = addresses.find((address) => !isIP(address));
  if (wrong) return `"${wrong}" is not an IP address: give true, the number of proxies in front, or their addresses`;
  return { addresses: new Set(addresses) };
}

/** An IPv4 client seen on an IPv6 socket (::ffff:192.0.2.1) is that IPv4 address. */
export const plainAddress = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/**
 * What is wrong with the hosts of a mysql:// DATABASE_URL, if anything. Several hosts
 * (mysql://user:pass@db1:3306,db2:3306/vehicles) are the servers of one cluster (Galera): each
 * needs a host and, if not 3306, a port; a Unix socket (?socket=) is one server only.
 */
function mysqlHostsProblem(databaseUrl: string): string | undefined {
  if (!/^(mysql|mariadb):\/\//.test(databaseUrl)) return undefined;
  // An unencoded # or @ in the password: the start names it and how to encode it (startup.ts).
  if (databaseUrl.includes('#') || databaseUrl.split('@').length > 2) return undefined;
  try {
    const { url, hosts } = parseMysqlUrl(databaseUrl);
    if (hosts.length > 1 && url.searchParams.has('socket')) return 'a Unix socket (?socket=) is one server: list several hosts over TCP, or one host with its socket';
    return undefined;
  } catch (error) {
    return `DATABASE_URL's hosts: ${(error as Error).message}`;
  }
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .default('')
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const commaList = z
  .string()
  .default('')
  .transform((v) => v.split(/[\s,]+/).filter(Boolean));

/** Every environment variable the server reads (documented in README.md), parsed once. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  REQUESTS_PER_USER: z.coerce.number().int().min(1).max(64).default(1),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/app.sqlite')
    .refine((v) => /^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/.test(v), 'use sqlite:<path> or mysql://user:pass@host:port/db')
    .superRefine((value, ctx) => {
      const problem = mysqlHostsProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(30),
  SESSION_SECRET: z.string().min(16).optional(),
  ADMIN_USERNAME: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? null : parsed;
    }),
  ALLOWED_ORIGINS: commaList,
  FRAME_ANCESTORS: z.string().default("'self'"),
  EMBED_CROSS_SITE: flag,
  DATA_DIR: z.string().default('./data'),
  ADMIN_DIST: z.string().default('./admin/dist'),
  LOG_LEVEL: z.enum(['info', 'error', 'silent']).default('info'),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(25),
  UPLOAD_MAX_PIXELS_MP: z.coerce.number().positive().max(10_000).default(200),
  OLLAMA_HOST: z.url().default('http://127.0.0.1:11434'),
  OLLAMA_VISION_MODEL: z.string().min(1).default('qwen2.5vl:7b'),
  OLLAMA_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  VPIC_URL: z.url().default('https://vpic.nhtsa.dot.gov/api'),
  VPIC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  SQLITE_READERS: z.coerce.number().int().min(0).max(16).default(2),
  SQLITE_SHORT_READ_MS: z.coerce.number().min(0).max(1000).default(DEFAULT_SQLITE_SHORT_READ_MS),
  DEMO_DATA: flag,
  DEMO_PASSWORD: z.string().min(12).optional(),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(65_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(300),
  DISK_FREE_MIN_MB: z.coerce.number().min(0).max(10_000_000).default(200),
  DISK_WRITE_TIMEOUT_MS: z.coerce.number().int().min(10).max(3_600_000).default(15_000),
  // Below 15 only where no real password is kept: the test suites, which sign in thousands of times.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587').optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Vehicle export console <no-reply@localhost>'),
  STORAGE_URL: z.string().default('db:'),
});

export type Config = {
  port: number;
  /** API_PROCESSES: server processes sharing the port (node:cluster); the cores in production, else 1. */
  processes: number;
  /** REQUESTS_PER_USER: a user's requests handled at once (per process); the others queue behind them (http/fairShare.ts). */
  requestsPerUser: number;
  host: string;
  databaseUrl: string;
  /** How long a start waits for the database to answer. */
  databaseWaitMs: number;
  sessionSecret: string;
  adminUsername: string;
  adminPassword?: string;
  /** Any proxy trusted: X-Forwarded-Proto and -Host are believed. */
  trustProxy: boolean;
  /** Which (TRUST_PROXY): the client address is the right-most hop that is not one of them. */
  trustedProxies: TrustedProxies;
  allowedOrigins: string[];
  frameAncestors: string;
  embedCrossSite: boolean;
  dataDir: string;
  adminDist: string;
  logLevel: 'info' | 'error' | 'silent';
  vpicUrl: string;
  vpicTimeoutMs: number;
  uploadMaxBytes: number;
  /** The images of one upload together, in pixels (their headers are read before any is decoded). */
  uploadMaxPixels: number;
  /**
   * sqliteReaders: threads that run plain reads on SQLite (0: every query on the event loop);
   * sqliteShortReadMs: below what a read stays on the event loop (db.ts).
   */
  database: { connectTimeoutMs: number; queryTimeoutMs: number; sqliteReaders: number; sqliteShortReadMs: number };
  keepAliveTimeoutMs: number;
  /** After SIGTERM: how long the server goes on accepting and answering before it stops listening. */
  shutdownDrainMs: number;
  /** Below this many bytes free in the data folder (or SQLite's), /api/health answers 503. */
  diskFreeMinBytes: number;
  /** How long one disk operation of an upload (its folder, a write, the flush) may take before it answers 507. */
  diskWriteTimeoutMs: number;
  /** PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes (services/passwords.ts). */
  passwordHashCost: number;
  /** DEMO_DATA: load the demo company at start when the install has no company yet (api/src/demo/). */
  demo: { load: boolean; password?: string };
  ollama: { host: string; model: string; timeoutMs: number; concurrency: number };
  /** SMTP_URL: notifications are also mailed when it is set (resources/notifications/jobs.ts); MAIL_FROM: their sender. */
  mail: { smtpUrl?: string; from: string };
  /** STORAGE_URL: where new files' bytes go (services/storage): the database, or an S3-compatible bucket. */
  storage: StorageSettings;
};

/** The secret survives restarts in DATA_DIR, so sessions do too. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`Invalid configuration: DATA_DIR ${dataDir} cannot be written by this user (${code}): set DATA_DIR to a folder the service user owns, or give it that folder`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  // The S3 credentials are the standard AWS variables, read with the URL so both are checked at once.
  const storage = parseStorageUrl(e.STORAGE_URL, env);
  if (typeof storage === 'string') throw new Error(`Invalid configuration: STORAGE_URL: ${storage}`);
  // Relative paths are the install folder's, never the working directory's: a service started
  // from elsewhere finds the same database, data and console.
  const dataDir = installPath(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL.startsWith('sqlite:') ? `sqlite:${installPath(e.DATABASE_URL.slice('sqlite:'.length))}` : e.DATABASE_URL;
  return {
    port: e.PORT,
    processes: e.API_PROCESSES ?? (env.NODE_ENV === 'production' ? availableParallelism() : 1),
    requestsPerUser: e.REQUESTS_PER_USER,
    host: e.HOST,
    databaseUrl,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    adminUsername: e.ADMIN_USERNAME ?? 'admin@example.com',
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY !== null,
    trustedProxies: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.map((o) => o.replace(/\/+$/, '')),
    frameAncestors: e.FRAME_ANCESTORS,
    embedCrossSite: e.EMBED_CROSS_SITE,
    dataDir,
    adminDist: installPath(e.ADMIN_DIST),
    logLevel: e.LOG_LEVEL,
    vpicUrl: e.VPIC_URL.replace(/\/+$/, ''),
    vpicTimeoutMs: e.VPIC_TIMEOUT_MS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    uploadMaxPixels: Math.round(e.UPLOAD_MAX_PIXELS_MP * 1_000_000),
    database: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS, sqliteReaders: e.SQLITE_READERS, sqliteShortReadMs: e.SQLITE_SHORT_READ_MS },
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    diskFreeMinBytes: Math.round(e.DISK_FREE_MIN_MB * 1024 * 1024),
    diskWriteTimeoutMs: e.DISK_WRITE_TIMEOUT_MS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    demo: { load: e.DEMO_DATA, password: e.DEMO_PASSWORD },
    ollama: { host: e.OLLAMA_HOST.replace(/\/+$/, ''), model: e.OLLAMA_VISION_MODEL, timeoutMs: e.OLLAMA_TIMEOUT_MS, concurrency: e.AI_CONCURRENCY },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    storage,
  };
}
