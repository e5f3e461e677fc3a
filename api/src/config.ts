import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SQLITE_SHORT_READ_MS } from './db';

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
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/app.sqlite')
    .refine((v) => /^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/.test(v), 'use sqlite:<path> or mysql://user:pass@host:port/db'),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(30),
  SESSION_SECRET: z.string().min(16).optional(),
  ADMIN_USERNAME: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  TRUST_PROXY: flag,
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
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  /** How long a start waits for the database to answer. */
  databaseWaitMs: number;
  sessionSecret: string;
  adminUsername: string;
  adminPassword?: string;
  trustProxy: boolean;
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
  /** DEMO_DATA: load the demo company at start when the install has no company yet (api/src/demo/). */
  demo: { load: boolean; password?: string };
  ollama: { host: string; model: string; timeoutMs: number; concurrency: number };
};

/** The secret survives restarts in DATA_DIR, so sessions do too. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(e.DATA_DIR),
    adminUsername: e.ADMIN_USERNAME ?? 'admin@example.com',
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.map((o) => o.replace(/\/+$/, '')),
    frameAncestors: e.FRAME_ANCESTORS,
    embedCrossSite: e.EMBED_CROSS_SITE,
    dataDir: e.DATA_DIR,
    adminDist: e.ADMIN_DIST,
    logLevel: e.LOG_LEVEL,
    vpicUrl: e.VPIC_URL.replace(/\/+$/, ''),
    vpicTimeoutMs: e.VPIC_TIMEOUT_MS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    uploadMaxPixels: Math.round(e.UPLOAD_MAX_PIXELS_MP * 1_000_000),
    database: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS, sqliteReaders: e.SQLITE_READERS, sqliteShortReadMs: e.SQLITE_SHORT_READ_MS },
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    diskFreeMinBytes: Math.round(e.DISK_FREE_MIN_MB * 1024 * 1024),
    demo: { load: e.DEMO_DATA, password: e.DEMO_PASSWORD },
    ollama: { host: e.OLLAMA_HOST.replace(/\/+$/, ''), model: e.OLLAMA_VISION_MODEL, timeoutMs: e.OLLAMA_TIMEOUT_MS, concurrency: e.AI_CONCURRENCY },
  };
}
