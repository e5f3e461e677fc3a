import { z } from 'zod';
import { ROLES } from '../../domain/roles';
import { newPasswordFor, newPasswordSchema, passwordNotUsername, usernameSchema } from '../auth/schema';

const role = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });
const companyId = z.number({ error: 'must be a company id' }).int().positive().nullable();

export const UserCreateSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    role,
    companyId: companyId.default(null),
    active: z.boolean().default(true),
    // A user made by an administrator is approved unless said otherwise.
    pendingApproval: z.boolean().default(false),
  })
  .superRefine(passwordNotUsername);

/**
 * The approval: role, company, flags and an optional new password for the user (`username`),
 * which is a reset (POST /api/users/{id}/password) under the same rules.
 */
export const userUpdateSchema = (username: string) =>
  z.object({ role, companyId, active: z.boolean(), pendingApproval: z.boolean(), password: newPasswordFor(username) }).partial();

/** POST /api/users/{id}/password. */
export const passwordResetSchema = (username: string) => z.object({ newPassword: newPasswordFor(username) });

export const UserRoleSchema = z.object({ role });
