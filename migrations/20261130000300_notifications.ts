import type { Knex } from 'knex';
import { createTable, dropUnfinishedTables, longText, timestamp } from './helpers';

/**
 * `notifications`: what a user is told (a vehicle sold to them changed status, a registration waits
 * for approval, a document became overdue), written in the same transaction as the change. A
 * `dedupeKey` (unique, null for most) makes a notification that a periodic job may find twice,
 * in several processes at once, exist once.
 * `mail_queue`: one row per notification to be mailed (SMTP_URL), claimed by one sender at a time
 * (`claimedBy` until `claimedUntil`), tried again later (`nextAttemptAt`) when the mail server is
 * down; one per notification (unique). Both go with their user (ON DELETE CASCADE).
 * Tables left by a run that stopped halfway on MariaDB are empty and made again.
 */
export async function up(knex: Knex): Promise<void> {
  await dropUnfinishedTables(knex, ['mail_queue', 'notifications']);
  await createTable(knex, 'notifications', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 40).notNullable();
    longText(t, 'params').nullable();
    // What a click opens ('vehicle', 'user'); no foreign key: the notification outlives it.
    t.string('entity', 20).nullable();
    t.integer('entityId').unsigned().nullable();
    timestamp(t, 'createdAt').notNullable();
    timestamp(t, 'readAt').nullable();
    t.string('dedupeKey', 190).nullable().unique();
    // A user's list, newest first, and its unread count.
    t.index(['userId', 'readAt', 'id']);
    t.index(['userId', 'id']);
  });
  await createTable(knex, 'mail_queue', (t) => {
    t.increments('id');
    t.integer('notificationId').unsigned().notNullable().unique().references('notifications.id').onDelete('CASCADE');
    t.string('language', 5).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    timestamp(t, 'createdAt').notNullable();
    // Null once sent or given up: only rows with a time here are due.
    timestamp(t, 'nextAttemptAt').nullable().index();
    timestamp(t, 'sentAt').nullable();
    t.string('claimedBy', 64).nullable();
    timestamp(t, 'claimedUntil').nullable();
    t.string('lastError', 500).nullable();
  });
}

export const downLoses = "every user's notifications and the e-mails not yet sent";

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_queue');
  await knex.schema.dropTableIfExists('notifications');
}
