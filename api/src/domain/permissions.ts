import type { Role } from './roles';

/**
 * The one permission table (DESIGN.md §4). The API's `authorize` (http/auth.ts) and the console's
 * canAccess both read it, so the menu can never show what the server refuses or hide what it allows.
 * Company scope ("own company", "own vehicles") is applied by each resource's policy.ts on top.
 */
export type Action =
  | 'read' // GET list and one
  | 'readOwn' // companies: GET /companies/{own id}, the name and code of the user's own company
  | 'create'
  | 'update'
  | 'delete'
  | 'setRole' // users: POST /users/{id}/role
  | 'resetPassword' // users: POST /users/{id}/password (which users: canResetPassword)
  | 'setStatus' // vehicles: PATCH /vehicles/{id}/status
  | 'runAnalysis' // vehicles: damage analysis
  | 'verifyDocuments' // vehicles: PATCH /vehicles/{id}/checklist/{kind}, a document checked
  | 'shareTracking' // vehicles: tracking links for buyers (create, list, revoke)
  | 'readStatistics' // dashboard: the counts by status and the status cards
  | 'menu'; // the console's navigation entry and page

export type Resource =
  | 'dashboard'
  | 'companies'
  | 'companyProfile' // a company's invoice profile (legal names, address, VAT, CR, currency, logo)
  | 'users'
  | 'ports'
  | 'containers'
  | 'vehicles'
  | 'files'
  | 'documents'
  | 'invoices'
  | 'demoData' // POST /api/demo-data: the demo company on an empty install
  | 'audit-log'; // GET /api/audit-log: the record of events (the console's Activity page and history panels)

const ALL: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'SHIPPER', 'BUYER'];
const SA: readonly Role[] = ['SUPER_ADMIN'];
const ADMINS: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN'];
const STAFF: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'SHIPPER'];

export const PERMISSIONS: Record<Resource, Partial<Record<Action, readonly Role[]>>> = {
  dashboard: { read: ALL, readStatistics: STAFF, menu: ALL },
  // Every approved user reads the name and code of its own company (SPEC.md §7: the console asks
  // for the user's company by its companyId); the list and other columns stay with the admins.
  companies: { read: ADMINS, readOwn: ALL, create: SA, update: SA, delete: SA, menu: SA },
  // The invoice profile: a SUPER_ADMIN edits any company's (with name, code and status through
  // `companies.update`), a COMPANY_ADMIN its own company's profile fields and logo only; the
  // console's "Company settings" entry is for the company admin (the super admin has Companies).
  companyProfile: { read: ADMINS, update: ADMINS, menu: ['COMPANY_ADMIN'] },
  users: { read: ADMINS, create: SA, update: SA, delete: SA, setRole: SA, resetPassword: ADMINS, menu: ADMINS },
  // Ports are shared reference data: every role reads them (selects), the menu shows them to admins.
  ports: { read: ALL, create: SA, update: SA, delete: SA, menu: ADMINS },
  containers: { read: STAFF, create: STAFF, update: STAFF, delete: STAFF, menu: STAFF },
  vehicles: {
    read: ALL,
    create: STAFF,
    update: STAFF,
    setStatus: STAFF,
    delete: ['SUPER_ADMIN', 'SHIPPER'],
    runAnalysis: SA,
    verifyDocuments: STAFF,
    // Whoever edits the vehicle gives a buyer a link to follow it (issue: tracking links).
    shareTracking: STAFF,
    menu: ALL,
  },
  // update: a stored vehicle document given another kind.
  files: { read: ALL, create: STAFF, update: STAFF, delete: STAFF },
  // Only a SUPER_ADMIN uploads shared documents, so only a SUPER_ADMIN deletes them (a SHIPPER
  // could only ever delete its own uploads, of which there are none).
  documents: { read: ['SUPER_ADMIN', 'SHIPPER'], create: SA, delete: SA, menu: ['SUPER_ADMIN', 'SHIPPER'] },
  invoices: { read: STAFF, create: STAFF, delete: STAFF, menu: STAFF },
  // Only the one who runs the install fills an empty one with the demo company.
  demoData: { create: SA },
  // The record of events: a SUPER_ADMIN reads all of it, a COMPANY_ADMIN its company's; no one
  // changes or deletes it (there is no such route).
  'audit-log': { read: ADMINS, menu: ADMINS },
};

/** A SUPER_ADMIN works on every company's records; everyone else on their own company's (DESIGN.md §4). */
export const seesEveryCompany = (role: Role | null | undefined): boolean => role === 'SUPER_ADMIN';

/**
 * Who names the company (and the shipper) of a new container or vehicle, and moves records
 * between companies; everyone else works in their own company, and another company's id is a 403.
 */
export const canChooseCompany = (role: Role | null | undefined): boolean => role === 'SUPER_ADMIN';

/**
 * A BUYER follows the vehicles sold to it (vehicles.buyerId), not its company's records: its
 * vehicle list, its dashboard and the containers counted there are those of its own purchases.
 */
export const seesOnlyOwnPurchases = (role: Role | null | undefined): boolean => role === 'BUYER';

/**
 * Who starts a company's own work from the dashboard's first-run checklist (its first container
 * and vehicle): the company's administrator, who edits its profile, not the super admin (whose
 * checklist sets up the install) nor the shippers it brings in.
 */
export const setsUpOwnCompany = (role: Role | null | undefined): boolean => can(role, 'companyProfile', 'update') && !seesEveryCompany(role);

/** The dashboard's counts by status and its status cards (`dashboard.readStatistics`). */
export const canSeeStatistics = (role: Role | null | undefined): boolean => can(role, 'dashboard', 'readStatistics');

/**
 * A SUPER_ADMIN account cannot be deleted and its role cannot be changed (SPEC.md §4): the install
 * must never lose the account that runs it.
 */
export const isProtectedAccount = (account: { role: Role | null | undefined }): boolean => account.role === 'SUPER_ADMIN';

/**
 * Whether a forced password change of this role follows a generated password (the first super
 * admin's, or `npm run admin -- reset-password`) rather than one an administrator typed: no
 * administrator resets a super admin's password, and the console makes no super admins. (One made
 * by another through POST /api/users is told the same: nothing stored tells the two apart.)
 */
export const forcedPasswordIsGenerated = (role: Role | null | undefined): boolean => role === 'SUPER_ADMIN';

/**
 * Whether `user` may delete a shared document. Only a SUPER_ADMIN uploads them, so the uploader
 * rule a SHIPPER once had could never be met through the API (a SUPER_ADMIN's role cannot change).
 */
export const canDeleteSharedDocument = (user: { role: Role | null | undefined }): boolean => can(user.role, 'documents', 'delete');

export function can(role: Role | null | undefined, resource: Resource, action: Action): boolean {
  if (!role) return false;
  return PERMISSIONS[resource]?.[action]?.includes(role) ?? false;
}

/** Who and whose password: an administrator's reset names both by id, role and company. */
export type Account = { id: number; role: Role | null | undefined; companyId: number | null | undefined };

/**
 * The rights a role holds: every (resource, action) of the permission table but the console's
 * menu entries, which say where a page is shown, not what may be done.
 */
function rightsOf(role: Role | null | undefined): Set<string> {
  const rights = new Set<string>();
  if (!role) return rights;
  for (const [resource, actions] of Object.entries(PERMISSIONS)) {
    for (const [action, roles] of Object.entries(actions)) if (action !== 'menu' && roles?.includes(role)) rights.add(`${resource}.${action}`);
  }
  return rights;
}

/** Whether every right of `target` is one `actor` holds too, and actor holds more (a peer is not reset). */
const holdsMoreRightsThan = (actor: Role | null | undefined, target: Role | null | undefined): boolean => {
  const mine = rightsOf(actor);
  const theirs = rightsOf(target);
  return [...theirs].every((right) => mine.has(right)) && mine.size > theirs.size;
};

/**
 * Whether `actor` may give `target` a new password (POST /api/users/{id}/password). A reset lets
 * the actor sign in as the target, so it is allowed only where that gives the actor no right it
 * lacks: the target's rights (the permission table) are all the actor's, and fewer. Within a
 * company, then, a COMPANY_ADMIN resets its buyers but not its shippers (who delete vehicles and
 * read shared documents, which a company admin may not); a SUPER_ADMIN resets anyone but another
 * SUPER_ADMIN. Nobody resets their own: that is POST /api/user/password, with the current password.
 */
export function canResetPassword(actor: Account, target: Account): boolean {
  if (actor.id === target.id || !can(actor.role, 'users', 'resetPassword')) return false;
  if (isProtectedAccount(target)) return false;
  if (!seesEveryCompany(actor.role) && (actor.companyId == null || target.companyId !== actor.companyId)) return false;
  return holdsMoreRightsThan(actor.role, target.role);
}

/** react-admin's action names mapped to ours (canAccess({ action, resource })). */
const RA_ACTIONS: Record<string, Action> = {
  list: 'menu',
  show: 'read',
  read: 'read',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** Pure canAccess for the console's authProvider: unknown actions map to themselves. */
export function canAccess(role: Role | null | undefined, params: { action: string; resource: string }): boolean {
  const action = (RA_ACTIONS[params.action] ?? params.action) as Action;
  return can(role, params.resource as Resource, action);
}
