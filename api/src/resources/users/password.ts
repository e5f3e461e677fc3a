import type { Knex } from 'knex';
import { endSessionsOf } from '../../http/session';
import { hashPassword } from '../../services/passwords';
import { User } from './model';
import { writeTransaction } from '../writeTransaction';

/**
 * Gives a user a new password, and ends every session of theirs with the old one, in one
 * transaction. `mustChangePassword`: an administrator chose it (the user must replace it before
 * anything else), or the user did (false). A user changing their own password is signed in again
 * by the caller, under a new session id.
 */
export async function replacePassword(db: Knex, userId: number, newPassword: string, { mustChangePassword }: { mustChangePassword: boolean }) {
  const passwordHash = await hashPassword(newPassword);
  await writeTransaction(db, async (trx) => {
    await User.query(trx).patch({ passwordHash, mustChangePassword }).findById(userId);
    await endSessionsOf(trx, userId);
  });
}
