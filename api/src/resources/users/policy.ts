import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { canResetPassword } from '../../domain/permissions';
import { roleNeedsCompany, type Role } from '../../domain/roles';
import { HttpError, badRequest, forbidden } from '../../http/errors';
import type { User } from './model';

/** SUPER_ADMIN sees every user; a COMPANY_ADMIN its own company's (DESIGN.md §4). */
export function scopeUsers(query: QueryBuilder<User, User[]>, actor: User) {
  return actor.role === 'SUPER_ADMIN' ? query : query.where('users.companyId', actor.companyId ?? -1);
}

type Change = { role?: Role; companyId?: number | null; pendingApproval?: boolean };

/** The rules of SPEC.md §4 and DESIGN.md §4 for changing a user, checked before any write. */
export function checkUserChange(actor: User, target: User, change: Change) {
  const roleChanges = change.role !== undefined && change.role !== target.role;
  const companyChanges = change.companyId !== undefined && change.companyId !== target.companyId;
  if (target.role === 'SUPER_ADMIN' && roleChanges) {
    throw forbidden("A super administrator's role cannot be changed", 'users.superAdminProtected');
  }
  if (actor.id === target.id && (roleChanges || companyChanges)) {
    throw forbidden('You cannot change your own role or company', 'users.selfChange');
  }
  checkRoleAndCompany(change.role ?? target.role, change.companyId !== undefined ? change.companyId : target.companyId, change.pendingApproval ?? target.pendingApproval);
}

export function checkRoleAndCompany(role: Role | null, companyId: number | null, pendingApproval: boolean) {
  if (role && roleNeedsCompany(role) && companyId === null) {
    throw new HttpError(400, 'users.companyRequired', 'A company is required for this role', { companyId: 'is required for this role' });
  }
  if (!role && !pendingApproval) {
    throw badRequest('Choose a role before approving the user', { role: 'is required to approve' });
  }
}

/** An administrator giving `target` a new password (domain/permissions.ts, canResetPassword). */
export function checkPasswordReset(actor: User, target: User) {
  if (canResetPassword(actor, target)) return;
  throw forbidden(actor.id === target.id ? 'Change your own password with your current password' : undefined);
}

export function checkUserDeletion(target: User) {
  if (target.role === 'SUPER_ADMIN') {
    throw forbidden('A super administrator cannot be deleted', 'users.superAdminProtected');
  }
}

/**
 * A user named on a record (a vehicle's buyer, a container's shipper) must be of that record's
 * company and of one of the given roles; another company's user reads as "not found".
 */
export async function assertUserOfCompany(db: Knex, field: string, userId: number | null | undefined, companyId: number, roles: readonly Role[]) {
  if (!userId) return;
  const row = await db('users').where({ id: userId, companyId }).whereIn('role', roles as Role[]).first('id');
  if (!row) {
    const label = field === 'buyerId' ? 'buyer' : 'shipper';
    throw badRequest(`The ${label} was not found in this company`, { [field]: `must be a ${roles.join(' or ')} of the same company` });
  }
}
