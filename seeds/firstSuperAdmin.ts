import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SUPER_ADMIN_ROLE } from '../api/src/domain/roles';
import { User } from '../api/src/resources/users/model';
import { hashPassword } from '../api/src/services/passwords';
import { recordEvent } from '../api/src/resources/auditLog/record';
import { createdFields, diffChanges } from '../api/src/domain/auditEvents';

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
  // Either is recorded, with no one as its author (the server's start) and no address.
  const taken = await User.query(db).findOne({ username });
  if (taken) {
    await User.query(db).patch(account).findById(taken.id);
    const changes = diffChanges(taken.toJSON(), account as Record<string, unknown>, Object.keys(account));
    if (changes) await recordEvent(db, { actor: null, action: 'update', entity: 'users', entityId: taken.id, companyId: taken.companyId ?? null, changes });
  } else {
    const created = await User.query(db).insertAndFetch({ username, ...account });
    await recordEvent(db, { actor: null, action: 'create', entity: 'users', entityId: created.id, companyId: null, changes: createdFields(created.toJSON()) });
  }
  return { created: true, password: generated };
}
