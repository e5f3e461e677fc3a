import Router from '@koa/router';
import type { Knex } from 'knex';
import { HttpError, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../http/dbErrors';
import { signedInUser, type ApiContext } from '../../http/auth';
import { parse } from '../../http/validate';
import { decoyHash, hashPassword, verifyPassword } from '../../services/passwords';
import { User, currentUserJson } from '../users/model';
import { LoginSchema, RegisterSchema } from './schema';
import { clearFailedLogins, isLoginThrottled, recordFailedLogin } from './throttle';
import { deleteExpiredSessions } from '../../http/session';

const INVALID_LOGIN = 'Invalid username or password';

/** Starts a fresh session for the user: a new id at every sign-in defeats session fixation. */
async function signIn(ctx: ApiContext, user: User) {
  ctx.session!.userId = user.id;
  await ctx.session!.regenerate();
}

export function authRoutes(db: Knex) {
  const router = new Router();

  router.post('/register', async (ctx) => {
    const input = parse(RegisterSchema, ctx.request.body, 'registration');
    let user: User;
    try {
      user = await User.query(db).insertAndFetch({
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: null,
        companyId: null,
        active: true,
        pendingApproval: true,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Username already exists');
      throw err;
    }
    await signIn(ctx, user);
    ctx.status = 201;
    ctx.body = { message: 'Registration successful. Please wait for administrator approval.', user: currentUserJson(user) };
  });

  router.post('/login', async (ctx) => {
    const input = parse(LoginSchema, ctx.request.body, 'sign-in');
    if (await isLoginThrottled(db, input.username)) {
      throw new HttpError(429, 'auth.tooManyAttempts', 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    }
    const user = await User.query(db).findOne({ username: input.username });
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await recordFailedLogin(db, input.username, ctx.ip);
      throw new HttpError(401, 'auth.invalidCredentials', INVALID_LOGIN);
    }
    if (!user.active) throw new HttpError(401, 'auth.required', 'Your account is inactive. Please contact your administrator.');
    await clearFailedLogins(db, input.username);
    await deleteExpiredSessions(db);
    await signIn(ctx, user);
    ctx.body = currentUserJson(user);
  });

  router.post('/logout', async (ctx) => {
    // Setting the session to null destroys it in the store; a replayed cookie is then worthless.
    ctx.session = null;
    ctx.body = { message: 'Logged out' };
  });

  router.get('/user', async (ctx) => {
    ctx.body = currentUserJson(signedInUser(ctx));
  });

  return router;
}
