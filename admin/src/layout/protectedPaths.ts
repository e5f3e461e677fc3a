import { CHANGE_PASSWORD_PATH } from '../providers/paths';
import { OWN_SETTINGS_PATH } from '../companyProfile/paths';

/**
 * The first path segments of the console's protected routes (SPEC.md §2): the dashboard, the
 * resources (with their pages below them), a company admin's settings and the change of password. A signed-out visitor is
 * sent to /auth from these; any other path is not a page at all and shows the not-found screen.
 * App.tsx declares the same resources; protectedPaths.test.ts checks the two agree.
 */
export const PROTECTED_ROOTS: readonly string[] = [
  'companies',
  'users',
  'vehicles',
  'containers',
  'ports',
  'documents',
  'invoices',
  OWN_SETTINGS_PATH.slice(1),
  CHANGE_PASSWORD_PATH.slice(1),
];

export function isProtectedPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === undefined || PROTECTED_ROOTS.includes(first);
}
