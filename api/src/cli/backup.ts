import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { engineOf } from '../db';

/**
 * npm run backup -- <file>: a consistent copy of the embedded database, made while the server runs
 * (SQLite's online backup, through better-sqlite3): every page as of one moment, the write-ahead
 * log included. MySQL/MariaDB are backed up with their own tools (docs/operations.md).
 */
async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('Name the backup file: npm run backup -- backups/app-2026-11-24.sqlite');
  const { databaseUrl, dataDir } = loadConfig();
  if (engineOf(databaseUrl) !== 'sqlite') {
    throw new Error('DATABASE_URL is MySQL/MariaDB: back it up with mysqldump --single-transaction (see docs/operations.md, Backup)');
  }
  const source = path.resolve(databaseUrl.slice('sqlite:'.length));
  if (!existsSync(source)) throw new Error(`No database at ${source} (DATABASE_URL)`);
  const file = path.resolve(target);
  if (existsSync(file)) throw new Error(`${file} exists already: name a new file`);

  const started = performance.now();
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  const copy = new Database(file, { readonly: true });
  try {
    const [check] = copy.pragma('integrity_check') as { integrity_check: string }[];
    if (check?.integrity_check !== 'ok') throw new Error(`The copy failed its integrity check: ${JSON.stringify(check)}`);
  } finally {
    copy.close();
  }
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  process.stdout.write(`Backed up ${source} to ${file} (${mb} MB, ${Math.round(performance.now() - started)} ms, integrity ok).\n`);
  const secret = path.join(path.resolve(dataDir), 'session-secret');
  if (existsSync(secret)) process.stdout.write(`Keep ${secret} with it, or every user signs in again after a restore.\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`Backup failed: ${error.message}\n`);
  process.exit(1);
});
