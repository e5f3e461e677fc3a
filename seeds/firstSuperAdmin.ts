import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SUPER_ADMIN_ROLE } from '../api/src/domain/roles';
import { User } from '../api/src/resources/users/model';
import { hashPassword } from '../api/src/services/passwords';

export type FirstAdmin = { username: string; password?: string };

/**
 * On a start with no SUPER_ADMIN, creates one through the User model (its hooks set createdAt).
 * Without ADMIN_PASSWORD a random password is made and returned, to be printed once on the
 * console; it is never stored in clear, and it must be changed at the first sign-in
 * (`mustChangePassword`), as the console's output may be kept in logs. One given in
 * ADMIN_PASSWORD is the operator's own choice. Returns the generated password when one was made,
 * else null. Run it in a transaction (startup.ts seedFirstSuperAdmin).
 */
export async function ensureFirstSuperAdmin(db: Knex, admin: FirstAdmin): Promise<{ created: boolean; password: string | null }> {
  const existing = await User.query(db).findOne({ role: SUPER_ADMIN_ROLE }).select('id');
  if (existing) return { created: false, password: null };
  const generated = admin.password ? null : randomBytes(12).toString('base64url');
  const username = admin.username.trim().toLowerCase();
  const account: Partial<User> = {
    passwordHash: await hashPassword(admin.password ?? generated!),
    role: SUPER_ADMIN_ROLE,
    companyId: null,
    active: true,
    pendingApproval: false,
    mustChangePassword: generated !== null,
  };
  // The username may already exist as a lesser account: promote it instead of failing to start.
  const taken = await User.query(db).findOne({ username }).select('id');
  if (taken) await User.query(db).patch(account).findById(taken.id);
  else await User.query(db).insert({ username, ...account });
  return { created: true, password: generated };
}
