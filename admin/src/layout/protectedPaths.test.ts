import { describe, expect, it } from 'vitest';
import { isProtectedPath } from './protectedPaths';

describe('protected paths (SPEC.md §2)', () => {
  it('are the dashboard, the resources with their pages, and the company settings', () => {
    for (const path of ['/', '', '/vehicles', '/vehicles/12/edit', '/containers/3', '/ports', '/companies', '/companies/4/settings', '/users', '/invoices', '/documents', '/company-settings']) {
      expect(isProtectedPath(path), path).toBe(true);
    }
  });

  it('leave out every other path', () => {
    for (const path of ['/no/such/page', '/vehicle', '/settings', '/admin', '/vehiclesx']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });
});
