import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../../http/logger';
import { createSmtpTransport, type MailTransport } from '../../services/mail/smtp';
import { writeTransaction } from '../writeTransaction';
import { sendDueMail } from './mailSender';
import { notifyOverdueDocuments } from './overdue';

/** How often each process looks for documents that became overdue. */
export const OVERDUE_SCAN_EVERY_MS = 5 * 60 * 1000;
/** How often each process looks at the mail queue (with SMTP_URL). */
export const MAIL_EVERY_MS = 5_000;
/** Mail rows, sent or not, are kept this long (what was sent when, for whoever asks). */
const MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export type NotificationJobs = { stop(): Promise<void> };

/**
 * The time-driven part of notifications, in every server process (API_PROCESSES, or several
 * servers on one database): the overdue-document scan (its notifications are unique, so processes
 * that scan at once write each once) and, with SMTP_URL, the mail sender (it claims each row before
 * sending it). A round that fails (the database or the mail server down) is logged and the next
 * round tries again; rounds of one job never overlap.
 */
export function startNotificationJobs(db: Knex, options: { smtpUrl?: string; from: string; logger: Logger; transport?: MailTransport }): NotificationJobs {
  const sender = randomBytes(8).toString('hex');
  const running = new Set<Promise<unknown>>();
  // Each job's next round (one timer per job, replaced as it goes).
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const every = (ms: number, firstAfterMs: number, round: () => Promise<unknown>, what: string) => {
    const tick = () => {
      if (stopped) return;
      const done = round()
        .catch((error: unknown) => options.logger.error(`${what} failed`, { error }))
        .finally(() => {
          running.delete(done);
          if (!stopped) timers.set(what, setTimeout(tick, ms).unref());
        });
      running.add(done);
    };
    timers.set(what, setTimeout(tick, firstAfterMs).unref());
  };

  every(OVERDUE_SCAN_EVERY_MS, 10_000 + Math.random() * 20_000, async () => {
    const written = await notifyOverdueDocuments(db);
    if (written) options.logger.info('overdue documents notified', { notifications: written });
    await writeTransaction(db, (trx) => trx('mail_queue').where('createdAt', '<', new Date(Date.now() - MAIL_KEPT_MS).toISOString()).delete());
  }, 'overdue document scan');

  const transport = options.transport ?? (options.smtpUrl ? createSmtpTransport(options.smtpUrl) : undefined);
  if (transport) {
    every(MAIL_EVERY_MS, 1_000, async () => {
      const { sent, failed } = await sendDueMail(db, transport, { sender, from: options.from, stopping: () => stopped });
      if (failed) options.logger.error('mail not sent; it will be tried again', { sent, failed });
    }, 'mail sending');
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
      transport?.close?.();
    },
  };
}
