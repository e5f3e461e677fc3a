import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { replacePassword } from './password';
import { SUPER_ADMIN_ROLE } from '../../domain/roles';
import { hashPassword } from '../../services/passwords';
import { User } from './model';
import { writeTransaction } from '../writeTransaction';
import { recordEvent } from '../auditLog/record';
import { createdFields } from '../../domain/auditEvents';

/** A password shown once on the server's console: it must be changed at the first sign-in. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');

export class RecoveryRefused extends Error {}

/**
 * `npm run admin -- reset-password <username>`: a new one-time password for an existing account
 * (a super admin's too: whoever runs this on the server holds the database already). The
 * account's sessions end; a deactivated account stays deactivated, and says so.
 */
export async function resetPassword(db: Knex, username: string): Promise<{ password: string; active: boolean; role: string | null }> {
  const user = await User.query(db).findOne({ username: username.trim().toLowerCase() }).select('id', 'active', 'role');
  if (!user) throw new RecoveryRefused(`No account ${username}: npm run admin -- create ${username} makes a super admin of that name`);
  const password = oneTimePassword();
  await replacePassword(db, user.id, password, { mustChangePassword: true, actor: null });
  return { password, active: Boolean(user.active), role: user.role };
}

/** `npm run admin -- create <username>`: a new super admin with a one-time password. */
export async function createSuperAdmin(db: Knex, username: string): Promise<{ password: string }> {
  const name = username.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(name)) throw new RecoveryRefused(`${username} is not an e-mail address: usernames are e-mail addresses`);
  if (await User.query(db).findOne({ username: name }).select('id')) throw new RecoveryRefused(`${name} exists already: npm run admin -- reset-password ${name} gives it a new password`);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  // Through the model, as the first super admin (seeds/firstSuperAdmin.ts): its hooks set createdAt.
  // Recorded with no one as its author (the server's command line) and no address.
  await writeTransaction(db, async (trx) => {
    const created = await User.query(trx).insertAndFetch({ username: name, passwordHash, role: SUPER_ADMIN_ROLE, companyId: null, active: true, pendingApproval: false, mustChangePassword: true });
    await recordEvent(trx, { actor: null, action: 'create', entity: 'users', entityId: created.id, companyId: null, changes: createdFields(created.toJSON()) });
  });
  return { password };
}
