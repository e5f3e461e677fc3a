import type { Knex } from 'knex';
import { MIGRATION_NAMES } from '../../../migrations/index';
import { selectRows } from './connection';
import { isMysql } from './engine';

/**
 * The tables this version reads and writes (besides knex's own): a database without one of them
 * is not the schema this version needs, whatever knex_migrations says.
 */
export const SCHEMA_TABLES = [
  'companies',
  'company_logos',
  'users',
  'ports',
  'containers',
  'vehicles',
  'vehicle_status_events',
  'vehicle_files',
  'documents',
  'invoices',
  'invoice_counters',
  'file_chunks',
  'sessions',
  'rate_limits',
  'idempotency_keys',
  'server_heartbeats',
  'tracking_links',
  'audit_events',
  'notifications',
  'mail_queue',
  'storage_pending_keys',
] as const;

export type SchemaState = { applied: string[]; pending: string[]; unknown: string[]; missingTables: string[] };

async function tableNames(db: Knex): Promise<Set<string>> {
  const sql = isMysql(db)
    ? 'select table_name as name from information_schema.tables where table_schema = database()'
    : "select name from sqlite_master where type = 'table'";
  return new Set((await selectRows<{ name: string }>(db, sql, [])).map((row) => row.name));
}

/** The migrations this version knows. */
const known = new Set(MIGRATION_NAMES);

/** What the database holds against what this version knows: migrations and tables. */
export async function schemaState(db: Knex): Promise<SchemaState> {
  const tables = await tableNames(db);
  const applied = tables.has('knex_migrations') ? (await selectRows<{ name: string }>(db, 'select name from knex_migrations order by id', [])).map((row) => row.name) : [];
  const done = new Set(applied);
  return {
    applied,
    pending: MIGRATION_NAMES.filter((name) => !done.has(name)),
    unknown: applied.filter((name) => !known.has(name)),
    missingTables: SCHEMA_TABLES.filter((name) => !tables.has(name)),
  };
}

const list = (names: string[]) => (names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '));

/** Migrations this version does not know: a newer version migrated the database. One line. */
export function unknownMigrationsProblem(state: SchemaState): string | null {
  if (!state.unknown.length) return null;
  return `The database has ${state.unknown.length} migration(s) this version does not know (${list(state.unknown)}): a newer version migrated it; run that version, or restore the backup made before the upgrade`;
}

/** Why the schema is not the one this version needs, in one line, or null when it is. */
export function schemaProblem(state: SchemaState): string | null {
  const unknown = unknownMigrationsProblem(state);
  if (unknown) return unknown;
  if (state.pending.length) return `The database lacks ${state.pending.length} migration(s) of this version (${list(state.pending)}): run npm run migrate, or restart the server, which migrates`;
  if (state.missingTables.length) return `The database lacks table(s) this version needs (${list(state.missingTables)}): restore the last backup`;
  return null;
}
