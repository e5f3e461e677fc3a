import Router from '@koa/router';
import type { Knex } from 'knex';
import { HttpError, badRequest } from '../../http/errors';
import { signedInUser, type ApiContext } from '../../http/auth';
import { parse } from '../../http/validate';
import { requestAddress } from '../../http/requestContext';
import { decoyHash, madeAtAnotherCost, verifyPassword } from '../../services/passwords';
import { User, currentUserJson } from '../users/model';
import { rehashPassword, replacePassword } from '../users/password';
import { registerUser, updateOwnSettings } from '../users/operations';
import { recordFailedSignIn, recordSignIn, recordSignOut } from './events';
import { AccountSettingsSchema, LoginSchema, RegisterSchema, passwordChangeSchema, samePassword } from './schema';
import { signInThrottle, type Refusal } from './throttle';
import { issueDeviceCookie, readDeviceCookie } from './deviceCookie';
import { deleteExpiredSessions } from '../../http/session';

const INVALID_LOGIN = 'Invalid username or password';

/** A 429 whose Retry-After says when to try again (the console shows the code's text). */
function tooMany(ctx: ApiContext, refusal: Refusal): HttpError {
  ctx.set('Retry-After', String(refusal.retryAfterS));
  if (refusal.reason === 'registrations') {
    return new HttpError(429, 'auth.tooManyRegistrations', 'Too many registrations from this address. Please try again later.');
  }
  if (refusal.reason === 'usernameDelay') {
    const wait = refusal.retryAfterS === 1 ? '1 second' : `${refusal.retryAfterS} seconds`;
    return new HttpError(429, 'auth.tooManyAttempts', `Too many failed sign-in attempts. Please wait ${wait} and try again.`);
  }
  return new HttpError(429, 'auth.tooManyAttempts', 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
}

/** Starts a fresh session for the user: a new id at every sign-in defeats session fixation. */
async function signIn(ctx: ApiContext, user: User) {
  ctx.session!.userId = user.id;
  await ctx.session!.regenerate();
}

export function authRoutes(db: Knex) {
  const router = new Router();
  const throttle = signInThrottle(db);

  router.post('/register', async (ctx) => {
    const input = parse(RegisterSchema, ctx.request.body, 'registration');
    const refusal = await throttle.beforeRegister(ctx.ip);
    if (refusal) throw tooMany(ctx, refusal);
    const user = await registerUser(input, db, requestAddress(ctx));
    await signIn(ctx, user);
    // A registration signs its new account in (pending approval): a sign-in like any other.
    await recordSignIn(db, user, requestAddress(ctx));
    ctx.status = 201;
    ctx.body = { message: 'Registration successful. Please wait for administrator approval.', user: currentUserJson(user) };
  });

  router.post('/login', async (ctx) => {
    const input = parse(LoginSchema, ctx.request.body, 'sign-in');
    // The attempt is counted before the password is looked at (throttle.ts).
    const device = readDeviceCookie(ctx, input.username);
    const refusal = await throttle.beforeSignIn(input.username, ctx.ip, device);
    if (refusal) throw tooMany(ctx, refusal);
    const user = await User.query(db).modify('withCompanyStatus').findOne({ 'users.username': input.username });
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    // An inactive account, or one of an inactive company, answers like a wrong password: the
    // answer never confirms a password.
    if (!user || !ok || !user.active || user.companyActive === false) {
      await recordFailedSignIn(db, user, requestAddress(ctx));
      throw new HttpError(401, 'auth.invalidCredentials', INVALID_LOGIN);
    }
    await throttle.signedIn(input.username, ctx.ip, device);
    if (madeAtAnotherCost(user.passwordHash)) await rehashPassword(db, user.id, user.passwordHash, input.password);
    issueDeviceCookie(ctx, input.username);
    await deleteExpiredSessions(db);
    await signIn(ctx, user);
    await recordSignIn(db, user, requestAddress(ctx));
    ctx.body = currentUserJson(user);
  });

  router.post('/logout', async (ctx) => {
    // Setting the session to null destroys it in the store; a replayed cookie is then worthless.
    const user = ctx.state.user;
    ctx.session = null;
    if (user) await recordSignOut(db, user, requestAddress(ctx));
    ctx.body = { message: 'Logged out' };
  });

  router.get('/user', async (ctx) => {
    ctx.body = currentUserJson(signedInUser(ctx));
  });

  // The account's own settings; open with mustChangePassword and while pending, like GET.
  router.patch('/user', async (ctx) => {
    const user = signedInUser(ctx);
    const input = parse(AccountSettingsSchema, ctx.request.body, 'settings');
    ctx.body = currentUserJson(await updateOwnSettings(user, input, db));
  });

  /**
   * The signed-in user's own new password. The current one is checked like a sign-in (the same
   * throttle, counted first), so a session left open cannot be used to guess it. Every other
   * session of the user ends; this one goes on under a new id.
   */
  router.post('/user/password', async (ctx) => {
    const user = signedInUser(ctx);
    const input = parse(passwordChangeSchema(user.username), ctx.request.body, 'password change');
    const refusal = await throttle.beforeSignIn(user.username, ctx.ip);
    if (refusal) throw tooMany(ctx, refusal);
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new HttpError(400, 'auth.wrongPassword', 'The current password is not correct', { currentPassword: 'is not correct' });
    }
    await throttle.signedIn(user.username, ctx.ip);
    if (samePassword(input.newPassword, input.currentPassword)) {
      throw badRequest('Invalid password change: newPassword: must differ from the current password', { newPassword: 'must differ from the current password' });
    }
    await replacePassword(db, user.id, input.newPassword, { mustChangePassword: false, actor: user });
    await signIn(ctx, user);
    ctx.body = currentUserJson((await User.query(db).findById(user.id))!);
  });

  return router;
}
