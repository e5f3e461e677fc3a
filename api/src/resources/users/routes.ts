import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { User } from './model';
import { createUser, deleteUser, resetPassword, setUserRole, updateUser } from './operations';
import { UserCreateSchema, UserRoleSchema, passwordResetSchema, userUpdateSchema } from './schema';
import { checkRoleAndCompany, checkUserChange, checkUserDeletion } from './policy';
import { writeTransaction } from '../writeTransaction';

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
    const id = await createUser(approvedUser(ctx), input, db);
    ctx.status = 201;
    ctx.body = await withCompanyName(id);
  });

  const update = async (ctx: ApiContext) => {
    const target = await findVisible(ctx);
    const changes = parse(userUpdateSchema(target.username), ctx.request.body, 'user');
    await updateUser(approvedUser(ctx), { id: target.id, changes }, db);
    ctx.body = await withCompanyName(target.id);
  };
  router.patch('/:id', authorize('users', 'update'), update);
  router.put('/:id', authorize('users', 'update'), update);

  router.post('/:id/role', authorize('users', 'setRole'), async (ctx) => {
    const actor = approvedUser(ctx);
    const target = await findVisible(ctx);
    const { role } = parse(UserRoleSchema, ctx.request.body, 'role');
    checkUserChange(actor, target, { role });
    await writeTransaction(db, (trx) => setUserRole(actor, { id: target.id, role }, trx));
    ctx.body = await withCompanyName(target.id);
  });

  router.post('/:id/password', authorize('users', 'resetPassword'), async (ctx) => {
    const target = await findVisible(ctx);
    const { newPassword } = parse(passwordResetSchema(target.username), ctx.request.body, 'password reset');
    await resetPassword(approvedUser(ctx), { id: target.id, newPassword }, db);
    ctx.body = await withCompanyName(target.id);
  });

  router.delete('/:id', authorize('users', 'delete'), async (ctx) => {
    const target = await findVisible(ctx);
    checkUserDeletion(target);
    // Its sessions go with it: they could no longer sign anyone in, and would only be looked up.
    await writeTransaction(db, (trx) => deleteUser(approvedUser(ctx), { id: target.id }, trx));
    ctx.body = target;
  });

  return router;
}
