import { z } from 'zod';
import { ROLES } from '../../domain/roles';
import { newPasswordSchema, usernameSchema } from '../auth/schema';

const role = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });
const companyId = z.number({ error: 'must be a company id' }).int().positive().nullable();

export const UserCreateSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  role,
  companyId: companyId.default(null),
  active: z.boolean().default(true),
  // A user made by an administrator is approved unless said otherwise.
  pendingApproval: z.boolean().default(false),
});

/** The approval: role, company, flags and an optional new password. */
export const UserUpdateSchema = z
  .object({ role, companyId, active: z.boolean(), pendingApproval: z.boolean(), password: newPasswordSchema })
  .partial();

export const UserRoleSchema = z.object({ role });
