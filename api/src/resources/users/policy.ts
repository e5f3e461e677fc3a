import type { Knex } from 'knex';
import { canResetPassword, isProtectedAccount } from '../../domain/permissions';
import { roleNeedsCompany, type Role } from '../../domain/roles';
import { HttpError, badRequest, forbidden } from '../../http/errors';
import { User } from './model';

type Change = { role?: Role; companyId?: number | null; pendingApproval?: boolean; active?: boolean };

/** The rules of SPEC.md §4 and DESIGN.md §4 for changing a user, checked before any write. */
export function checkUserChange(actor: User, target: User, change: Change) {
  const newRole = change.role;
  const roleChanges = newRole !== undefined && newRole !== target.role;
  const companyChanges = change.companyId !== undefined && change.companyId !== target.companyId;
  if (isProtectedAccount(target) && roleChanges) {
    throw forbidden("A super administrator's role cannot be changed", 'users.superAdminProtected');
  }
  if (actor.id === target.id && (roleChanges || companyChanges)) {
    throw forbidden('You cannot change your own role or company', 'users.selfChange');
  }
  // Deactivating would lock out the install's administrator, or the administrator doing it.
  if (change.active === false && target.active) {
    if (isProtectedAccount(target)) throw forbidden('A super administrator cannot be deactivated', 'users.superAdminProtected');
    if (actor.id === target.id) throw forbidden('You cannot deactivate your own account', 'users.selfChange');
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
  if (isProtectedAccount(target)) {
    throw forbidden('A super administrator cannot be deleted', 'users.superAdminProtected');
  }
}

/**
 * A user named on a record (a vehicle's buyer, a container's shipper) must be of that record's
 * company and of one of the given roles; another company's user reads as "not found".
 */
export async function assertUserOfCompany(db: Knex, field: string, userId: number | null | undefined, companyId: number, roles: readonly Role[]) {
  if (!userId) return;
  const row = await User.query(db).findOne({ id: userId, companyId }).whereIn('role', roles as Role[]).select('id');
  if (!row) {
    const label = field === 'buyerId' ? 'buyer' : 'shipper';
    throw badRequest(`The ${label} was not found in this company`, { [field]: `must be a ${roles.join(' or ')} of the same company` });
  }
}
