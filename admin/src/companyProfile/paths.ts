import type { Identifier } from 'react-admin';
import { canAccess } from '@domain/permissions';
import type { Role } from '@domain/roles';

/** A company admin's own company settings (its menu entry). */
export const OWN_SETTINGS_PATH = '/company-settings';

/** A company's settings, opened from the /companies list (SUPER_ADMIN). */
export const companySettingsPath = (companyId: Identifier) => `/companies/${encodeURIComponent(companyId)}/settings`;

/**
 * Where the signed-in user can change the invoice profile of `companyId`, or undefined when they
 * cannot: the companies list's page for whoever manages companies, the menu's page for an
 * administrator of that very company.
 */
export function profilePathFor(
  user: { role: Role | null; companyId: number | null } | null | undefined,
  companyId: Identifier | null | undefined,
): string | undefined {
  if (!user || companyId === null || companyId === undefined || companyId === '') return undefined;
  if (!canAccess(user.role, { resource: 'companyProfile', action: 'update' })) return undefined;
  if (canAccess(user.role, { resource: 'companies', action: 'menu' })) return companySettingsPath(companyId);
  if (canAccess(user.role, { resource: 'companyProfile', action: 'menu' }) && String(user.companyId) === String(companyId)) return OWN_SETTINGS_PATH;
  return undefined;
}
