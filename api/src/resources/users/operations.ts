import type { Knex } from 'knex';
import type { z } from 'zod';
import { conflict, forbidden, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../http/dbErrors';
import { endSessionsOf } from '../../http/session';
import { can } from '../../domain/permissions';
import { hashPassword } from '../../services/passwords';
import { assertCompanyExists } from '../companies/policy';
import { Vehicle } from '../vehicles/model';
import { writeTransaction } from '../writeTransaction';
import { notifyRegistration } from '../notifications/notify';
import { User } from './model';
import { checkPasswordReset, checkUserChange } from './policy';
import type { UserCreateSchema, userUpdateSchema } from './schema';
import { recordEvent } from '../auditLog/record';
import { createdFields, diffChanges } from '../../domain/auditEvents';
import { uniqueOr409 } from '../../http/dbErrors';
import type { Role } from '../../domain/roles';

/**
 * The account's business actions (docs/architecture.md, "Operations"). Those that hash a password
 * take the database rather than a transaction: hashing is slow on purpose (about 100 ms) and is
 * done before the short writeTransaction that stores the hash, so it holds no lock meanwhile.
 */

type UserChanges = ReturnType<typeof userUpdateSchema> extends z.ZodType<infer T> ? T : never;

/** The user the actor may see, its row locked until the transaction ends (404 otherwise). */
async function lockVisible(trx: Knex, actor: User, id: number) {
  const user = await User.query(trx).modify('scopedTo', actor).findById(id).forUpdate();
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * A buyer sees the vehicles sold to them (buyerId), whichever company holds them: once moved to
 * another company, the old company's cars are no longer theirs to see, so those links go in
 * the same transaction as the move.
 */
const dropForeignSales = (trx: Knex, userId: number, companyId: number | null) => {
  const sales = Vehicle.query(trx).where('buyerId', userId);
  return (companyId === null ? sales : sales.whereNot('companyId', companyId)).patch({ buyerId: null });
};

/**
 * A password an administrator gives someone else (an account they make, a reset, a password sent
 * with a change of the account): its hash, and `mustChangePassword`, so that its owner replaces it
 * before anything else at their first sign-in (docs/decisions.md). The one place that decides it:
 * a registration and a user's own change (POST /api/user/password) never come here.
 */
async function passwordGivenByAdministrator(password: string) {
  return { passwordHash: await hashPassword(password), mustChangePassword: true };
}

/** A self-registration: an account without role or company, waiting for approval; `ip`, the client's address. */
export async function registerUser(input: { username: string; password: string }, db: Knex, ip: string | null): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await writeTransaction(db, async (trx) => {
      const user = await User.query(trx).insertAndFetch({ username: input.username, passwordHash, role: null, companyId: null, active: true, pendingApproval: true });
      // Its own act: the new account is who registered.
      await recordEvent(trx, { actor: user, action: 'create', entity: 'users', entityId: user.id, companyId: null, changes: createdFields(user.toJSON()), ip });
      await notifyRegistration(trx, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username already exists');
    throw err;
  }
}

/**
 * Changes a user (SPEC.md §4's rules, users/policy.ts). The one way to approve a registration
 * too: the console's Approve sends its role, company, `pendingApproval: false` and `active: true`
 * through PATCH /api/users/{id}, and checkUserChange holds what an approval needs. A password
 * given here is a reset: the same rule and the same consequences (must be changed, every session
 * ends).
 */
export async function updateUser(actor: User, input: { id: number; changes: UserChanges }, db: Knex): Promise<void> {
  const { password, ...fields } = input.changes;
  const given = password ? await passwordGivenByAdministrator(password) : undefined;
  if (!can(actor.role, 'users', 'update')) throw forbidden();
  await writeTransaction(db, async (trx) => {
    const target = await lockVisible(trx, actor, input.id);
    checkUserChange(actor, target, fields);
    if (password !== undefined) checkPasswordReset(actor, target);
    await assertCompanyExists(trx, fields.companyId);
    const patch = { ...fields, ...given };
    if (Object.keys(patch).length) await User.query(trx).patch(patch).findById(target.id);
    await recordUserChange(trx, actor, target, patch);
    if (given) await endSessionsOf(trx, target.id);
    if (fields.companyId !== undefined && fields.companyId !== target.companyId) await dropForeignSales(trx, target.id, fields.companyId);
  });
}

/**
 * An administrator's reset (canResetPassword): the user signs in with the new password and must
 * replace it before anything else; every session of theirs ends now.
 */
export async function resetPassword(actor: User, input: { id: number; newPassword: string }, db: Knex): Promise<void> {
  const given = await passwordGivenByAdministrator(input.newPassword);
  await writeTransaction(db, async (trx) => {
    const target = await lockVisible(trx, actor, input.id);
    checkPasswordReset(actor, target);
    await User.query(trx).patch(given).findById(target.id);
    await recordUserChange(trx, actor, target, given);
    await endSessionsOf(trx, target.id);
  });
}

/** A user's update in the record of events: the fields that changed (a password only as changed). */
export async function recordUserChange(trx: Knex, actor: User | null, target: User, patch: Record<string, unknown>) {
  const changes = diffChanges(target.toJSON(), patch, Object.keys(patch));
  if (!changes) return;
  const companyId = (patch.companyId as number | null | undefined) ?? target.companyId;
  await recordEvent(trx, { actor, action: 'update', entity: 'users', entityId: target.id, companyId, changes });
}

type UserCreate = ReturnType<typeof UserCreateSchema.parse>;

/**
 * An account made by an administrator (SPEC.md §4), the password hashed before the transaction.
 * The password is the administrator's: the new user must replace it at their first sign-in.
 */
export async function createUser(actor: User, input: UserCreate, db: Knex): Promise<number> {
  await assertCompanyExists(db, input.companyId);
  const { password, ...fields } = input;
  const given = await passwordGivenByAdministrator(password);
  return writeTransaction(db, async (trx) => {
    const created = await uniqueOr409('Username already exists', () => User.query(trx).insert({ ...fields, ...given }));
    await recordEvent(trx, { actor, action: 'create', entity: 'users', entityId: created.id, companyId: created.companyId ?? null, changes: createdFields(created.toJSON()) });
    return created.id;
  });
}

/** POST /users/{id}/role: the role alone (the route has checked the change). */
export async function setUserRole(actor: User, input: { id: number; role: Role }, trx: Knex): Promise<void> {
  const target = await lockVisible(trx, actor, input.id);
  await User.query(trx).patch({ role: input.role }).findById(target.id);
  await recordUserChange(trx, actor, target, { role: input.role });
}

/** Deletes a user (the route has checked it may go); its sessions go with it. */
export async function deleteUser(actor: User, input: { id: number }, trx: Knex): Promise<void> {
  const target = await lockVisible(trx, actor, input.id);
  await endSessionsOf(trx, target.id);
  await User.query(trx).deleteById(target.id);
  await recordEvent(trx, { actor, action: 'delete', entity: 'users', entityId: target.id, companyId: target.companyId, changes: { username: { from: target.username, to: null } } });
}

/** The signed-in user's own settings (PATCH /api/user). */
export async function updateOwnSettings(user: User, input: Record<string, unknown>, db: Knex): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const before = (await User.query(trx).findById(user.id).forUpdate())!;
    // Recorded first: patchAndFetch changes the instance it is called on.
    await recordUserChange(trx, user, before, input);
    return before.$patchAndFetchFields(trx, input);
  });
}
