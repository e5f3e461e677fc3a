import { describe, expect, it } from 'vitest';
import { PERMISSIONS, canAccess as tableCanAccess } from '@domain/permissions';
import type { Role } from '@domain/roles';
import { NAV_ENTRIES } from './Menu';

/** The entries of the side navigation a role sees. */
const menuOf = (role: Role | null) =>
  NAV_ENTRIES.filter((entry) => tableCanAccess(role, { resource: entry.resource, action: 'menu' })).map((entry) => entry.resource);

describe('navigation per role (SPEC.md §2)', () => {
  it('follows the spec table for every role', () => {
    expect(menuOf('SUPER_ADMIN')).toEqual(['dashboard', 'companies', 'users', 'vehicles', 'containers', 'ports', 'documents', 'invoices', 'audit-log']);
    // A company admin also has its own company's settings (the invoice profile); both admins the Activity page.
    expect(menuOf('COMPANY_ADMIN')).toEqual(['dashboard', 'users', 'vehicles', 'containers', 'ports', 'invoices', 'audit-log', 'companyProfile']);
    expect(menuOf('SHIPPER')).toEqual(['dashboard', 'vehicles', 'containers', 'documents', 'invoices']);
    expect(menuOf('BUYER')).toEqual(['dashboard', 'vehicles']);
  });

  it('shows nothing to a user with no role', () => {
    expect(menuOf(null)).toEqual([]);
  });

  it('has an entry for every resource with a menu in the permission table', () => {
    const withMenu = Object.entries(PERMISSIONS)
      .filter(([, actions]) => actions.menu)
      .map(([resource]) => resource)
      .sort();
    expect(NAV_ENTRIES.map((entry) => entry.resource).sort()).toEqual(withMenu);
  });
});
