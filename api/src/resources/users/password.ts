import type { Knex } from 'knex';
import { endSessionsOf } from '../../http/session';
import { hashPassword } from '../../services/passwords';
import { User } from './model';
import { writeTransaction } from '../writeTransaction';
import { recordUserChange } from './operations';

/**
 * Gives a user a new password, and ends every session of theirs with the old one, in one
 * transaction. `mustChangePassword`: an administrator chose it (the user must replace it before
 * anything else), or the user did (false). A user changing their own password is signed in again
 * by the caller, under a new session id.
 */
export async function replacePassword(
  db: Knex,
  userId: number,
  newPassword: string,
  { mustChangePassword, actor }: { mustChangePassword: boolean; /** Who (null: the server's command line). */ actor: User | null },
) {
  const passwordHash = await hashPassword(newPassword);
  await writeTransaction(db, async (trx) => {
    const target = await User.query(trx).findById(userId).forUpdate();
    if (!target) return;
    await User.query(trx).patch({ passwordHash, mustChangePassword }).findById(userId);
    await recordUserChange(trx, actor, target, { passwordHash, mustChangePassword });
    await endSessionsOf(trx, userId);
  });
}

/**
 * Stores a new hash of a password just checked, at the current cost (services/passwords.ts,
 * madeAtAnotherCost). Only where the stored hash is still the one checked: a password changed
 * meanwhile stays changed. Not a change of the account: no event, no session ended.
 */
export async function rehashPassword(db: Knex, userId: number, checkedHash: string, password: string) {
  const passwordHash = await hashPassword(password);
  await writeTransaction(db, (trx) => trx('users').where({ id: userId, passwordHash: checkedHash }).update({ passwordHash }));
}
