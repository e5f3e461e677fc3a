import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@domain/permissions';
import { ROLES, roleNeedsCompany, type Role } from '@domain/roles';
import { authProvider } from './authProvider';
import { setCurrentUser, type CurrentUser } from './currentUser';

const userWith = (role: Role | null, extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  username: 'someone@example.com',
  role,
  companyId: role && roleNeedsCompany(role) ? 7 : null,
  active: true,
  pendingApproval: false,
  ...extra,
});

const ask = (action: string, resource: string) => authProvider.canAccess!({ action, resource });

describe('authProvider.canAccess reads the shared permission table', () => {
  it("answers each react-admin action from the table's row for it, for every role and resource", async () => {
    // react-admin asks list, show, create, edit, delete; the table names the menu entry, read, create, update, delete.
    const tableAction = { list: 'menu', show: 'read', create: 'create', edit: 'update', delete: 'delete', setRole: 'setRole', menu: 'menu' } as const;
    for (const role of ROLES) {
      setCurrentUser(userWith(role));
      for (const [resource, row] of Object.entries(PERMISSIONS) as [string, Partial<Record<string, readonly Role[]>>][]) {
        for (const [action, inTable] of Object.entries(tableAction)) {
          expect(await ask(action, resource), `${role} ${action} ${resource}`).toBe(row[inTable]?.includes(role) ?? false);
        }
      }
    }
  });

  it('lets only SUPER_ADMIN manage companies and users, and everybody read ports', async () => {
    setCurrentUser(userWith('SUPER_ADMIN'));
    expect(await ask('create', 'companies')).toBe(true);
    expect(await ask('delete', 'users')).toBe(true);
    setCurrentUser(userWith('COMPANY_ADMIN'));
    expect(await ask('list', 'companies')).toBe(false);
    expect(await ask('list', 'users')).toBe(true);
    expect(await ask('edit', 'users')).toBe(false);
    expect(await ask('delete', 'users')).toBe(false);
    setCurrentUser(userWith('BUYER'));
    expect(await ask('show', 'ports')).toBe(true);
    expect(await ask('list', 'ports')).toBe(false); // the page is for admins
    expect(await ask('create', 'ports')).toBe(false);
  });

  it('refuses everything to visitors, pending and inactive users', async () => {
    setCurrentUser(null);
    expect(await ask('list', 'vehicles')).toBe(false);
    setCurrentUser(userWith('SHIPPER', { pendingApproval: true }));
    expect(await ask('list', 'vehicles')).toBe(false);
    setCurrentUser(userWith('SHIPPER', { active: false }));
    expect(await ask('list', 'vehicles')).toBe(false);
  });

  it('refuses unknown resources and actions', async () => {
    setCurrentUser(userWith('SUPER_ADMIN'));
    expect(await ask('list', 'secrets')).toBe(false);
    expect(await ask('launch', 'vehicles')).toBe(false);
  });
});

describe('authProvider.checkError', () => {
  const httpError = (status: number, code?: string) => Object.assign(new Error('x'), { status, body: { code } });

  it('signs out on 401 only', async () => {
    await expect(authProvider.checkError(httpError(401))).rejects.toMatchObject({ logoutUser: true, redirectTo: '/auth' });
    await expect(authProvider.checkError(httpError(500))).resolves.toBeUndefined();
    await expect(authProvider.checkError(httpError(404))).resolves.toBeUndefined();
  });

  it("signs out on a deactivated company's 401 and says why", async () => {
    await expect(authProvider.checkError(httpError(401, 'auth.companyInactive'))).rejects.toMatchObject({
      logoutUser: true,
      redirectTo: '/auth',
      message: 'errors.auth.companyInactive',
    });
    await expect(authProvider.checkError(httpError(401, 'auth.required'))).rejects.toMatchObject({ message: 'errors.auth.required' });
  });

  it('keeps the user signed in on 403 and shows the unauthorized text', async () => {
    await expect(authProvider.checkError(httpError(403, 'auth.forbidden'))).rejects.toMatchObject({
      logoutUser: false,
      message: 'errors.auth.forbidden',
    });
  });
});
