import type { Knex } from 'knex';
import type { NotificationKind, NotificationParams } from '../../domain/notifications';

export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
  entity: 'vehicle' | 'user';
  entityId: number;
  /** For a notification a job may find twice: the second insert of the same key is ignored. */
  dedupeKey?: string;
};

/**
 * Writes notifications, each with its row in the mail queue (sent when SMTP_URL is set: mail/sender.ts),
 * inside the caller's transaction: they exist exactly when the change that caused them does.
 * One row at a time, so each notification's id is known on both engines (a multi-row insert
 * answers one id, the first on MySQL and the last on SQLite); recipients are few.
 */
export async function deliver(trx: Knex, notifications: NewNotification[]): Promise<number> {
  if (!notifications.length) return 0;
  const languages = new Map<number, string | null>(
    (await trx('users').whereIn('id', [...new Set(notifications.map((n) => n.userId))]).select('id', 'language')).map((u: { id: number; language: string | null }) => [Number(u.id), u.language]),
  );
  const createdAt = new Date().toISOString();
  let written = 0;
  for (const n of notifications) {
    const row = { userId: n.userId, kind: n.kind, params: JSON.stringify(n.params), entity: n.entity, entityId: n.entityId, createdAt, readAt: null, dedupeKey: n.dedupeKey ?? null };
    let id: number;
    if (n.dedupeKey) {
      // Written already (a scan before this one): nothing to do.
      if (await trx('notifications').where({ dedupeKey: n.dedupeKey }).first('id')) continue;
      // Another process's scan may write the same key now. INSERT IGNORE (MySQL) / ON CONFLICT DO
      // NOTHING (SQLite) waits for it and leaves this one out, without an error that would end the
      // transaction. The row read back is then this transaction's own or none: SQLite has one writer
      // at a time, and MySQL's consistent read does not show a row committed after it began.
      await trx('notifications').insert(row).onConflict('dedupeKey').ignore();
      const kept = await trx('notifications').where({ dedupeKey: n.dedupeKey }).first('id');
      if (!kept) continue;
      id = Number(kept.id);
    } else {
      id = Number((await trx('notifications').insert(row))[0]);
    }
    await trx('mail_queue').insert({ notificationId: id, language: languages.get(n.userId) ?? 'en', attempts: 0, createdAt, nextAttemptAt: createdAt });
    written++;
  }
  return written;
}
