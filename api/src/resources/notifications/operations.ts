import type { Knex } from 'knex';
import type { Viewer } from '../baseModel';
import { Notification } from './model';

/** How many of a user's notifications the bell lists (the newest). */
export const LIST_LIMIT = 50;

/** What the bell shows of one notification. */
export type NotificationRow = Pick<Notification, 'id' | 'kind' | 'params' | 'entity' | 'entityId' | 'createdAt'> & { read: boolean };

/** The user's own notifications, newest first (the newest LIST_LIMIT), and how many are unread in all. */
export async function listNotifications(db: Knex, viewer: Viewer): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await Notification.query(db).where('userId', viewer.id).orderBy('id', 'desc').limit(LIST_LIMIT).select('id', 'kind', 'params', 'entity', 'entityId', 'createdAt', 'readAt');
  const [{ n }] = await db('notifications').where({ userId: viewer.id }).whereNull('readAt').count({ n: '*' });
  return {
    rows: rows.map((r) => ({ id: r.id, kind: r.kind, params: r.params, entity: r.entity, entityId: r.entityId, createdAt: r.createdAt, read: r.readAt !== null })),
    unread: Number(n),
  };
}

/**
 * Marks notifications read: those of `ids` that are the user's own (another's id is passed over, as
 * if it did not exist), or all of theirs. Answers the ids it marked now.
 */
export async function markNotificationsRead(actor: Viewer, input: { ids: number[] } | { all: true }, trx: Knex): Promise<number[]> {
  const unread = trx('notifications').where({ userId: actor.id }).whereNull('readAt');
  if ('ids' in input) unread.whereIn('id', input.ids);
  const ids: number[] = (await unread.clone().orderBy('id').pluck('id')).map(Number);
  if (ids.length) await trx('notifications').whereIn('id', ids).whereNull('readAt').update({ readAt: new Date().toISOString() });
  return ids;
}
