import type { Context, Next } from 'koa';
import { can, type Action, type Resource } from '../domain/permissions';
import type { CurrentUser } from './currentUser';
import { forbidden, unauthorized } from './errors';
import { userReadWithSession } from './session';

export type { CurrentUser };

/**
 * Every request reloads its user from the database, so a deletion, deactivation, approval or a
 * change of role or company takes effect on the very next request. The session store has usually
 * read it already, with the session; a session saved before sessions named their user is looked up
 * with findUser. Both come from the app (api/src/accounts.ts): http/ does not know where users live.
 */
export function loadCurrentUser(findUser: (id: number) => Promise<CurrentUser | undefined>) {
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session?.userId;
    if (typeof userId !== 'number') ctx.state.user = null;
    else {
      const withSession = userReadWithSession(ctx);
      ctx.state.user = withSession?.id === userId ? withSession : ((await findUser(userId)) ?? null);
    }
    await next();
  };
}

/**
 * Signed in and active, in an active company (if any): the account's own routes (GET and PATCH /api/user, POST
 * /api/user/password), which pending users and users who must change their password reach too.
 */
export function signedInUser(ctx: Context): CurrentUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!user.active) throw unauthorized('Your account is inactive. Please contact your administrator.');
  // A deactivated company's people are refused like an inactive account, with a reason of their own.
  if (user.companyActive === false) throw unauthorized('Your company is inactive. Please contact your administrator.', 'auth.companyInactive');
  return user;
}

/**
 * Signed in, active, with a password of their own and approved: everything else. A reset (or
 * generated) password has been seen by someone else, so nothing opens until it is changed.
 */
export function approvedUser(ctx: Context): CurrentUser {
  const user = signedInUser(ctx);
  if (user.mustChangePassword) throw forbidden('Change your password to continue', 'auth.mustChangePassword');
  if (user.pendingApproval) throw forbidden('Your account is pending administrator approval', 'auth.pendingApproval');
  return user;
}

/** Route guard from the shared permission table (api/src/domain/permissions.ts). */
export function authorize(resource: Resource, action: Action) {
  return async (ctx: Context, next: Next) => {
    const user = approvedUser(ctx);
    if (!can(user.role, resource, action)) throw forbidden();
    await next();
  };
}

/** What route handlers receive: Koa's context with the router's path parameters. */
export type ApiContext = Context & { params: Record<string, string> };
