import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { migrationNamed } from '../../../migrations/index';
import { engineOf } from './engine';
import { liveServers } from './heartbeat';
import { schemaState, unknownMigrationsProblem } from './schema';
import { backupSqlite, rowCounts } from './sqliteBackup';

/** A rollback that must not go ahead, said in one line. */
export class RollbackRefused extends Error {}

export type RollbackOptions = {
  /** Undo the migrations after this one (it stays applied); without it, the last one only. */
  to?: string;
  /** Go ahead although a down migration drops what users saved. */
  force?: boolean;
  databaseUrl: string;
  /** Where the SQLite backup goes (DATA_DIR/backups). */
  dataDir: string;
  say: (line: string) => void;
};

/** The applied migrations to undo, newest first. */
function migrationsToUndo(applied: string[], to: string | undefined): string[] {
  if (!applied.length) throw new RollbackRefused('No migration is applied: nothing to roll back');
  if (to === undefined) return [applied.at(-1)!];
  const at = applied.indexOf(to);
  if (at < 0) throw new RollbackRefused(`--to ${to} is not an applied migration (npm run migrate -- status lists them)`);
  if (at === applied.length - 1) throw new RollbackRefused(`${to} is the last applied migration already: nothing to roll back`);
  return applied.slice(at + 1).reverse();
}

/**
 * Undoes the last migration, or those after `to`, one at a time. Refuses while a server uses the
 * database (its heartbeat is recent), when the database holds migrations this version does not
 * know (the version that made them must undo them), and, without `force`, when a down migration
 * drops what users saved. On SQLite a copy checked against the database comes first.
 * Answers the names undone, newest first.
 */
export async function rollback(db: Knex, options: RollbackOptions): Promise<string[]> {
  const state = await schemaState(db);
  const unknown = unknownMigrationsProblem(state);
  if (unknown) throw new RollbackRefused(`${unknown}. Roll back with the version that made them`);
  const undo = migrationsToUndo(state.applied, options.to);

  const servers = await liveServers(db);
  if (servers.length) {
    const who = servers.map((s) => `${s.host} (pid ${s.pid}, version ${s.version})`).join(', ');
    throw new RollbackRefused(`A server uses this database (${who}): stop it first; a server that stopped without saying so counts for 30 s`);
  }

  const losing = undo.map((name) => [name, migrationNamed(name)?.downLoses] as const).filter(([, loses]) => loses);
  if (losing.length && !options.force) {
    const what = losing.map(([name, loses]) => `${name} drops ${loses}`).join('; ');
    throw new RollbackRefused(`Rolling back loses data: ${what}. Back up first, then add --force if that is what you want`);
  }

  if (engineOf(options.databaseUrl) === 'sqlite') {
    const source = options.databaseUrl.slice('sqlite:'.length);
    const folder = path.join(options.dataDir, 'backups');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `before-rollback-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);
    await backupSqlite(source, file);
    // Nothing writes now (no server runs): the copy holds every row the database does.
    const [original, copy] = [rowCounts(source), rowCounts(file)];
    if (JSON.stringify(original) !== JSON.stringify(copy)) throw new RollbackRefused(`The backup ${file} does not hold the same rows as the database: nothing was rolled back`);
    options.say(`Backed up the database to ${file} (integrity and row counts checked).`);
  } else {
    options.say('MySQL/MariaDB: this tool makes no backup; docs/operations.md (Backup) says how to make one with mysqldump.');
  }

  const undone: string[] = [];
  for (const name of undo) {
    const [, done] = await db.migrate.down({ name });
    if (!done.includes(name)) throw new Error(`knex did not undo ${name} (it undid ${done.join(', ') || 'nothing'})`);
    undone.push(name);
  }
  return undone;
}
