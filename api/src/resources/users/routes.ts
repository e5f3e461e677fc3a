import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { uniqueOr409 } from '../../http/dbErrors';
import { endSessionsOf } from '../../http/session';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { hashPassword } from '../../services/passwords';
import { assertCompanyExists } from '../companies/policy';
import { Vehicle } from '../vehicles/model';
import { User } from './model';
import { replacePassword } from './password';
import { UserCreateSchema, UserRoleSchema, passwordResetSchema, userUpdateSchema } from './schema';
import { checkPasswordReset, checkRoleAndCompany, checkUserChange, checkUserDeletion } from './policy';

const LIST: ListSpec = {
  resource: 'users',
  sort: { id: 'users.id', username: 'users.username', role: 'users.role', companyId: 'users.companyId', createdAt: 'users.createdAt', companyName: 'company.name' },
  filters: {
    id: { column: 'users.id', kind: 'number' },
    role: { column: 'users.role', kind: 'text' },
    companyId: { column: 'users.companyId', kind: 'number' },
    active: { column: 'users.active', kind: 'boolean' },
    pendingApproval: { column: 'users.pendingApproval', kind: 'boolean' },
    createdAt: { column: 'users.createdAt', kind: 'date' },
  },
  search: ['users.username'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'users.id',
};

export function userRoutes(db: Knex) {
  const router = new Router({ prefix: '/users' });

  const visibleUsers = (ctx: ApiContext) => User.query(db).modify('scopedTo', approvedUser(ctx)).modify('rowColumns');

  const findVisible = (ctx: ApiContext) => foundOr404(visibleUsers(ctx), parseId(ctx.params.id), 'User not found');

  const withCompanyName = (id: number) => User.query(db).modify('rowColumns').findById(id);

  router.get('/', authorize('users', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visibleUsers(ctx));
  });

  router.get('/:id', authorize('users', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.post('/', authorize('users', 'create'), async (ctx) => {
    const input = parse(UserCreateSchema, ctx.request.body, 'user');
    checkRoleAndCompany(input.role, input.companyId, input.pendingApproval);
    await assertCompanyExists(db, input.companyId);
    const { password, ...fields } = input;
    const passwordHash = await hashPassword(password);
    const created = await uniqueOr409('Username already exists', () => User.query(db).insert({ ...fields, passwordHash }));
    ctx.status = 201;
    ctx.body = await withCompanyName(created.id);
  });

  /**
   * A buyer sees the vehicles sold to them (buyerId), whichever company holds them: once moved to
   * another company, the old company's cars are no longer theirs to see, so those links go in
   * the same transaction as the move.
   */
  const dropForeignSales = (trx: Knex, userId: number, companyId: number | null) => {
    const sales = Vehicle.query(trx).where('buyerId', userId);
    return (companyId === null ? sales : sales.whereNot('companyId', companyId)).patch({ buyerId: null });
  };

  const update = async (ctx: ApiContext) => {
    const actor = approvedUser(ctx);
    const target = await findVisible(ctx);
    const input = parse(userUpdateSchema(target.username), ctx.request.body, 'user');
    checkUserChange(actor, target, input);
    // A password given here is a reset: the same rule, and the same consequences.
    if (input.password !== undefined) checkPasswordReset(actor, target);
    await assertCompanyExists(db, input.companyId);
    const { password, ...fields } = input;
    const patch = { ...fields, ...(password ? { passwordHash: await hashPassword(password), mustChangePassword: true } : {}) };
    await db.transaction(async (trx) => {
      if (Object.keys(patch).length) await User.query(trx).patch(patch).findById(target.id);
      if (password) await endSessionsOf(trx, target.id);
      if (input.companyId !== undefined && input.companyId !== target.companyId) await dropForeignSales(trx, target.id, input.companyId);
    });
    ctx.body = await withCompanyName(target.id);
  };
  router.patch('/:id', authorize('users', 'update'), update);
  router.put('/:id', authorize('users', 'update'), update);

  router.post('/:id/role', authorize('users', 'setRole'), async (ctx) => {
    const actor = approvedUser(ctx);
    const target = await findVisible(ctx);
    const { role } = parse(UserRoleSchema, ctx.request.body, 'role');
    checkUserChange(actor, target, { role });
    await User.query(db).patch({ role }).findById(target.id);
    ctx.body = await withCompanyName(target.id);
  });

  /**
   * An administrator's reset (canResetPassword): the user signs in with the new password and must
   * replace it before anything else; every session of theirs ends now.
   */
  router.post('/:id/password', authorize('users', 'resetPassword'), async (ctx) => {
    const actor = approvedUser(ctx);
    const target = await findVisible(ctx);
    checkPasswordReset(actor, target);
    const { newPassword } = parse(passwordResetSchema(target.username), ctx.request.body, 'password reset');
    await replacePassword(db, target.id, newPassword, { mustChangePassword: true });
    ctx.body = await withCompanyName(target.id);
  });

  router.delete('/:id', authorize('users', 'delete'), async (ctx) => {
    const target = await findVisible(ctx);
    checkUserDeletion(target);
    // Its sessions go with it: they could no longer sign anyone in, and would only be looked up.
    await db.transaction(async (trx) => {
      await endSessionsOf(trx, target.id);
      await User.query(trx).deleteById(target.id);
    });
    ctx.body = target;
  });

  return router;
}
