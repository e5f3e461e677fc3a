import type { Knex } from 'knex';

/** After 10 failed sign-ins for one username within 15 minutes, the next is refused. */
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

// Counted in the database, so the limit holds across API processes.
export async function isLoginThrottled(db: Knex, username: string): Promise<boolean> {
  const since = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS).toISOString();
  const [row] = await db('login_attempts').where({ username }).where('createdAt', '>', since).count({ n: '*' });
  return Number(row?.n ?? 0) >= MAX_FAILED_LOGINS;
}

export async function recordFailedLogin(db: Knex, username: string, ip: string): Promise<void> {
  await db('login_attempts').insert({ username, ip: ip.slice(0, 64), createdAt: new Date().toISOString() });
}

export async function clearFailedLogins(db: Knex, username: string): Promise<void> {
  const before = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS).toISOString();
  await db('login_attempts').where({ username }).orWhere('createdAt', '<=', before).delete();
}
