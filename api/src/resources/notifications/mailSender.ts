import type { Knex } from 'knex';
import type { NotificationKind, NotificationParams } from '../../domain/notifications';
import type { MailTransport } from '../../services/mail/smtp';
import { writeTransaction } from '../writeTransaction';
import { mailText } from './mailTexts';

/** How long a sender holds the rows it claimed: a process that died with them frees them after this. */
export const CLAIM_MS = 2 * 60 * 1000;
/** A notification not mailed within this long is not mailed at all (it is old news; the bell has it). */
export const MAIL_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Tries of one message before it is given up. */
export const MAX_ATTEMPTS = 12;
const BATCH = 20;

/** 30 s, 1, 2, 4… minutes, at most an hour, between tries of one message. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60 * 1000);

type Claimed = { id: number; language: string; attempts: number; kind: NotificationKind; params: NotificationParams | string | null; username: string; active: unknown };

/**
 * One round of the mail queue: claims the rows that are due, each by one atomic UPDATE that only an
 * unclaimed (or expired) row passes, so senders in several processes never send one message twice;
 * sends them; marks each sent, or failed with its next try later. A mail server that is down costs
 * only a later try: requests never wait for it (they only wrote the row). Answers what it did.
 */
export async function sendDueMail(
  db: Knex,
  transport: MailTransport,
  options: { sender: string; from: string; now?: Date; /** True once the server stops: the round ends before its next message. */ stopping?: () => boolean },
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  // Old news is given up rather than sent late (an install that had no SMTP_URL until now, a long outage).
  await writeTransaction(db, (trx) =>
    trx('mail_queue')
      .whereNull('sentAt')
      .whereNotNull('nextAttemptAt')
      .where('createdAt', '<', new Date(now.getTime() - MAIL_MAX_AGE_MS).toISOString())
      .update({ nextAttemptAt: null, claimedBy: null, claimedUntil: null, lastError: 'Not sent in time: given up' }),
  );
  const due: number[] = await db('mail_queue')
    .whereNull('sentAt')
    .where('nextAttemptAt', '<=', at)
    .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', at))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(BATCH)
    .pluck('id');
  const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  const mine: number[] = [];
  for (const id of due) {
    const taken = await writeTransaction(db, (trx) =>
      trx('mail_queue')
        .where({ id })
        .whereNull('sentAt')
        .where('nextAttemptAt', '<=', at)
        .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', at))
        .update({ claimedBy: options.sender, claimedUntil }),
    );
    if (Number(taken) === 1) mine.push(id);
  }
  if (!mine.length) return { sent: 0, failed: 0 };
  const rows: Claimed[] = await db('mail_queue')
    .join('notifications', 'notifications.id', 'mail_queue.notificationId')
    .join('users', 'users.id', 'notifications.userId')
    .whereIn('mail_queue.id', mine)
    .where('mail_queue.claimedBy', options.sender)
    .orderBy('mail_queue.id')
    .select('mail_queue.id', 'mail_queue.language', 'mail_queue.attempts', 'notifications.kind', 'notifications.params', 'users.username', 'users.active');
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    // The rest are freed when their claim runs out (CLAIM_MS), and go with another round.
    if (options.stopping?.()) break;
    const mineOnly = (trx: Knex) => trx('mail_queue').where({ id: row.id, claimedBy: options.sender });
    // Still ours, and ours for another CLAIM_MS: a slow mail server may have made this round
    // outlast its claim, and another process may have claimed the row since. Then it is theirs.
    const renewedAt = new Date();
    const stillMine = await writeTransaction(db, (trx) =>
      mineOnly(trx)
        .whereNull('sentAt')
        .where('claimedUntil', '>', renewedAt.toISOString())
        .update({ claimedUntil: new Date(renewedAt.getTime() + CLAIM_MS).toISOString() }),
    );
    if (Number(stillMine) !== 1) continue;
    // A deactivated account, or a username that is no address, gets no mail.
    if (!row.active || !row.username.includes('@')) {
      await writeTransaction(db, (trx) => mineOnly(trx).update({ nextAttemptAt: null, claimedBy: null, claimedUntil: null, lastError: 'No address to send to' }));
      continue;
    }
    const params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) ?? {};
    const { subject, text } = mailText(row.kind, params, row.language);
    try {
      await transport.sendMail({ from: options.from, to: row.username, subject, text });
      await writeTransaction(db, (trx) => mineOnly(trx).update({ sentAt: new Date().toISOString(), nextAttemptAt: null, claimedBy: null, claimedUntil: null, lastError: null }));
      sent++;
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const next = attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      await writeTransaction(db, (trx) => mineOnly(trx).update({ attempts, nextAttemptAt: next, claimedBy: null, claimedUntil: null, lastError: reason }));
      failed++;
    }
  }
  return { sent, failed };
}
