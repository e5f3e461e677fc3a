import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { engineOf } from '../db';
import { backupSqlite } from '../db';

/**
 * npm run backup -- <file>: a consistent copy of the embedded database, made while the server runs
 * (SQLite's online backup, through better-sqlite3): every page as of one moment, the write-ahead
 * log included. MySQL/MariaDB are backed up with their own tools (docs/operations.md).
 */
async function main() {
  process.umask(0o077);
  const target = process.argv[2];
  if (!target) throw new Error('Name the backup file: npm run backup -- backups/app-2026-11-24.sqlite');
  const { databaseUrl, dataDir } = loadConfig();
  if (engineOf(databaseUrl) !== 'sqlite') {
    throw new Error('DATABASE_URL is MySQL/MariaDB: back it up with mysqldump --single-transaction (see docs/operations.md, Backup)');
  }
  const source = path.resolve(databaseUrl.slice('sqlite:'.length));
  const file = path.resolve(target);
  const started = performance.now();
  await backupSqlite(source, file);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  process.stdout.write(`Backed up ${source} to ${file} (${mb} MB, ${Math.round(performance.now() - started)} ms, integrity ok).\n`);
  const secret = path.join(path.resolve(dataDir), 'session-secret');
  if (existsSync(secret)) process.stdout.write(`Keep ${secret} with it, or every user signs in again after a restore.\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`Backup failed: ${error.message}\n`);
  process.exit(1);
});
