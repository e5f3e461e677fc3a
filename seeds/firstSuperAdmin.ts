import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../api/src/services/passwords';

export type FirstAdmin = { username: string; password?: string };

/**
 * On a start with no SUPER_ADMIN, creates one. Without ADMIN_PASSWORD a random password is made
 * and returned, to be printed once on the console; it is never stored in clear.
 * Returns the generated password when one was made, else null.
 */
export async function ensureFirstSuperAdmin(db: Knex, admin: FirstAdmin): Promise<{ created: boolean; password: string | null }> {
  const existing = await db('users').where({ role: 'SUPER_ADMIN' }).first('id');
  if (existing) return { created: false, password: null };
  const generated = admin.password ? null : randomBytes(12).toString('base64url');
  const username = admin.username.trim().toLowerCase();
  const row = {
    username,
    passwordHash: await hashPassword(admin.password ?? generated!),
    role: 'SUPER_ADMIN',
    companyId: null,
    active: true,
    pendingApproval: false,
    createdAt: new Date().toISOString(),
  };
  // The username may already exist as a lesser account: promote it instead of failing to start.
  const taken = await db('users').where({ username }).first('id');
  if (taken) await db('users').where({ id: taken.id }).update(row);
  else await db('users').insert(row);
  return { created: true, password: generated };
}
