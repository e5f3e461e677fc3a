import type { Knex } from 'knex';
import { recordEvent } from '../auditLog/record';
import { User } from '../users/model';
import { writeTransaction } from '../writeTransaction';

/**
 * Sign-ins, sign-outs and failed sign-ins in the record of events. The session they start or end is
 * written by the session store outside any transaction of ours, so each event has a short
 * transaction of its own, right after. Never a password or a session id; a failed sign-in names
 * the account only when the username tried is one (its id: the name typed is not kept otherwise).
 */
type SignedIn = Pick<User, 'id' | 'username' | 'role' | 'companyId'>;

/** `ip`: the client's address (the request has no signed-in user to carry it: http/requestContext.ts). */
export function recordSignIn(db: Knex, user: SignedIn, ip: string | null) {
  return writeTransaction(db, (trx) => recordEvent(trx, { actor: user, action: 'signIn', entity: 'users', entityId: user.id, companyId: user.companyId, ip }));
}

export function recordSignOut(db: Knex, user: SignedIn, ip: string | null) {
  return writeTransaction(db, (trx) => recordEvent(trx, { actor: user, action: 'signOut', entity: 'users', entityId: user.id, companyId: user.companyId, ip }));
}

export function recordFailedSignIn(db: Knex, account: SignedIn | undefined, ip: string | null) {
  const actor = account ? { id: account.id, username: account.username, role: account.role, companyId: account.companyId } : null;
  return writeTransaction(db, (trx) =>
    recordEvent(trx, { actor, action: 'signInFailed', entity: 'users', entityId: account?.id ?? null, companyId: account?.companyId ?? null, ip }),
  );
}
