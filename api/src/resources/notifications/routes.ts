import Router from '@koa/router';
import type { Knex } from 'knex';
import { approvedUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { writeTransaction } from '../writeTransaction';
import { listNotifications, markNotificationsRead } from './operations';
import { MarkReadSchema } from './schema';

/**
 * The signed-in user's own notifications: every approved user has them, whatever the role (no
 * permission to check; the rows are narrowed to the user). The unread count of all of them comes
 * in the X-Unread-Count header, as the list holds the newest only.
 */
export function notificationRoutes(db: Knex) {
  const router = new Router({ prefix: '/notifications' });

  router.get('/', async (ctx) => {
    const { rows, unread } = await listNotifications(db, approvedUser(ctx));
    ctx.set('X-Unread-Count', String(unread));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows;
  });

  router.post('/read', async (ctx) => {
    const user = approvedUser(ctx);
    const parsed = MarkReadSchema.safeParse(ctx.request.body ?? {});
    if (!parsed.success) {
      const ids = (ctx.request.body as { ids?: unknown } | undefined)?.ids;
      const message = ids === undefined ? 'Give the ids of the notifications to mark read, or all: true' : 'ids must be a list of 1 to 500 notification ids';
      throw badRequest(message, { ids: message });
    }
    const read = await writeTransaction(db, (trx) => markNotificationsRead(user, parsed.data, trx));
    ctx.body = { read };
  });

  return router;
}
