import Database from 'better-sqlite3';
import { chmodSync, existsSync } from 'node:fs';

/**
 * A consistent copy of a SQLite database made with SQLite's online backup (every page as of one
 * moment, the write-ahead log included), then checked: the copy passes SQLite's integrity check.
 * The copy is readable by this user only (it holds password hashes).
 */
export async function backupSqlite(source: string, file: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`No database at ${source} (DATABASE_URL)`);
  if (existsSync(file)) throw new Error(`${file} exists already: name a new file`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  chmodSync(file, 0o600);
  const copy = new Database(file, { readonly: true });
  try {
    const [check] = copy.pragma('integrity_check') as { integrity_check: string }[];
    if (check?.integrity_check !== 'ok') throw new Error(`The copy failed its integrity check: ${JSON.stringify(check)}`);
  } finally {
    copy.close();
  }
}

/** Rows per table of a SQLite file: a copy made while nothing writes has the same. */
export function rowCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all() as string[];
    return Object.fromEntries(tables.map((name) => [name, db.prepare(`select count(*) from "${name.replace(/"/g, '""')}"`).pluck().get() as number]));
  } finally {
    db.close();
  }
}
