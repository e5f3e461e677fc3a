import nodemailer from 'nodemailer';

/** What sends one message; nodemailer's transport is one. */
export type MailTransport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>; close?(): void };

/**
 * A transport to SMTP_URL (smtp:// or smtps://, user and password in it), with deadlines: a mail
 * server that does not answer fails the try within seconds (the queue tries again later), never
 * holds a sender for nodemailer's default two minutes.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}
