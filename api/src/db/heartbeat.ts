import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';

/** How often a running server renews its row in server_heartbeats. */
export const HEARTBEAT_EVERY_MS = 10_000;
/** A row renewed within this long belongs to a server that may still run (three renewals missed). */
export const HEARTBEAT_LIVE_MS = 3 * HEARTBEAT_EVERY_MS;

export type Heartbeat = { stop(): Promise<void> };

/**
 * This process's row in server_heartbeats while it serves: what `npm run migrate -- rollback`
 * looks at before it changes the schema. A failed renewal (the database briefly down) is tried
 * again at the next beat; the row goes when the server stops.
 */
export async function startHeartbeat(db: Knex, version: string, everyMs = HEARTBEAT_EVERY_MS): Promise<Heartbeat> {
  const id = randomBytes(16).toString('hex');
  const now = Date.now();
  await db('server_heartbeats').insert({ id, host: hostname().slice(0, 255), pid: process.pid, version: version.slice(0, 50), startedAt: now, seenAt: now });
  const timer = setInterval(() => {
    db('server_heartbeats')
      .where({ id })
      .update({ seenAt: Date.now() })
      .catch(() => undefined);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db('server_heartbeats').where({ id }).delete();
    },
  };
}

export type LiveServer = { host: string; pid: number; version: string; seenAt: number };

/** Servers whose row was renewed within HEARTBEAT_LIVE_MS: they use this database now. */
export async function liveServers(db: Knex, now = Date.now()): Promise<LiveServer[]> {
  if (!(await db.schema.hasTable('server_heartbeats'))) return [];
  const rows: LiveServer[] = await db('server_heartbeats').select('host', 'pid', 'version', 'seenAt').where('seenAt', '>', now - HEARTBEAT_LIVE_MS);
  return rows.map((row) => ({ ...row, pid: Number(row.pid), seenAt: Number(row.seenAt) }));
}
