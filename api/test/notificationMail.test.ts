import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { sendDueMail } from '../src/resources/notifications/mailSender';
import { startNotificationJobs } from '../src/resources/notifications/jobs';
import { notifyOverdueDocuments } from '../src/resources/notifications/overdue';
import { earliestMissingDue } from '../src/domain/documentChecklist';
import { createSmtpTransport } from '../src/services/mail/smtp';
import { createLogger } from '../src/http/logger';
import { ENGINES } from './support/engines';
import { startSmtpCatcher } from './support/smtpCatcher';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const FROM = 'Gulf Motors console <no-reply@example.com>';
const now = () => new Date().toISOString();
const waitFor = async (check: () => boolean, ms = 15_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Notifications by e-mail (SMTP_URL): sent from the queue in the database to a local SMTP server
 * started here, in the user's language; a mail server that is down fails no request and gets the
 * message later; two senders (two processes) send each message once.
 */
describe.each(ENGINES)('notification e-mail on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  const vehicle = async (buyerId: number, make = 'Nissan') =>
    Number((await t.db('vehicles').insert({ vin: validVin(), make, model: 'Patrol', year: 2024, status: 'NEW_PURCHASE', companyId: w.companyA.id, buyerId, createdAt: now() }))[0]);
  const changeStatus = (id: number, status: string) => w.clients.SHIPPER.patch(`/api/vehicles/${id}/status`).send({ status });
  const send = (sender = 'one', at?: Date) => sendDueMail(t.db, createSmtpTransport(smtp.url), { sender, from: FROM, now: at });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp(engine, { VPIC_URL: 'http://127.0.0.1:9/api', SMTP_URL: smtp.url });
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it("mails each notification in its user's language", async () => {
    await t.db('users').where({ id: w.buyer.id }).update({ language: 'ar' });
    const id = await vehicle(w.buyer.id, 'Lexus');
    expect((await changeStatus(id, 'DISPATCHED')).status).toBe(200);
    const username = `arrival${Date.now()}@example.com`;
    expect((await t.anon().post('/api/register').send({ username, password: 'a long enough password' })).status).toBe(201);

    expect(await send()).toEqual({ sent: 2, failed: 0 });
    const buyer = await t.db('users').where({ id: w.buyer.id }).first('username');
    const admin = await t.db('users').where({ id: w.superAdmin.id }).first('username');
    const toBuyer = smtp.caught.find((m) => m.to === buyer.username);
    expect(toBuyer?.subject).toContain('تم الإرسال');
    expect(toBuyer?.text).toContain('تغيّرت حالة مركبتك Lexus Patrol');
    expect(toBuyer?.text).toContain('«شراء جديد» إلى «تم الإرسال»');
    const toAdmin = smtp.caught.find((m) => m.to === admin.username);
    expect(toAdmin?.subject).toBe(`New registration waiting for approval: ${username}`);
    expect(toAdmin?.text).toContain(`${username} registered and waits for your approval`);
    // Marked sent: the next round sends nothing again.
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    expect(await t.db('mail_queue').whereNull('sentAt').count({ n: '*' }).then((r) => Number(r[0].n))).toBe(0);
  });

  it('answers the request while the mail server is down, and mails once it is back', async () => {
    const port = smtp.port;
    await smtp.close();
    smtp.caught.length = 0;
    await t.db('users').where({ id: w.buyer.id }).update({ language: 'en' });
    const id = await vehicle(w.buyer.id);
    expect((await changeStatus(id, 'IN_PROGRESS')).status).toBe(200);
    // The request only wrote the message to the queue: right after its answer the message is
    // due, with no try recorded and no failure. A request that tried to mail (and so waited for
    // the mail server) would have left its try and the refused connection here. This says so
    // whatever the machine's speed; a time limit on the answer would not.
    const queued = await t.db('mail_queue')
      .join('notifications', 'notifications.id', 'mail_queue.notificationId')
      .where({ 'notifications.entity': 'vehicle', 'notifications.entityId': id })
      .select('mail_queue.*');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ attempts: 0, sentAt: null, lastError: null, claimedBy: null, claimedUntil: null });
    expect(new Date(queued[0].nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());

    // The sender's round tries it, and fails once.
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    const row = await t.db('mail_queue').where({ id: queued[0].id }).first();
    expect(row).toMatchObject({ attempts: 1, claimedBy: null });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(row.nextAttemptAt)).toBeGreaterThan(Date.now() + 20_000);

    smtp = await startSmtpCatcher(port);
    // Not due yet: nothing is sent before its next try.
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    expect(await send('one', new Date(Date.now() + 31_000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.caught).toHaveLength(1);
    expect(smtp.caught[0].subject).toBe(`Nissan Patrol (${(await t.db('vehicles').where({ id }).first('vin')).vin}): In Progress`);
    expect(await t.db('mail_queue').where({ id: row.id }).first()).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null });
  });

  it('sends each message once when two processes send from the same queue at once', async () => {
    smtp.caught.length = 0;
    const ids = await Promise.all(Array.from({ length: 6 }, () => vehicle(w.buyer.id)));
    for (const id of ids) expect((await changeStatus(id, 'AT_WAREHOUSE')).status).toBe(200);
    // A second process: its own connections to the same database.
    const other = createDb(t.config.databaseUrl);
    try {
      const [a, b] = await Promise.all([send('one'), sendDueMail(other, createSmtpTransport(smtp.url), { sender: 'two', from: FROM })]);
      expect(a.sent + b.sent).toBe(6);
      expect(a.failed + b.failed).toBe(0);
    } finally {
      await closeDb(other);
    }
    expect(smtp.caught).toHaveLength(6);
    expect(new Set(smtp.caught.map((m) => m.subject)).size).toBe(6);
  });

  it('leaves a message to the process that claimed it after this round outlasted its claim (a slow mail server)', async () => {
    smtp.caught.length = 0;
    const ids = await Promise.all(Array.from({ length: 2 }, () => vehicle(w.buyer.id)));
    for (const id of ids) expect((await changeStatus(id, 'AT_PORT')).status).toBe(200);
    const real = createSmtpTransport(smtp.url);
    let first = true;
    // While the first message goes out, the round's claims run out and another process claims the second.
    const slow = {
      sendMail: async (message: Parameters<typeof real.sendMail>[0]) => {
        if (first) {
          first = false;
          // Rows go out in id order: the last one is the one not yet sent.
          const { id } = await t.db('mail_queue').whereNull('sentAt').where({ claimedBy: 'slow' }).orderBy('id', 'desc').first('id');
          await t.db('mail_queue').where({ id }).update({ claimedBy: 'other', claimedUntil: new Date(Date.now() + 60_000).toISOString() });
        }
        return real.sendMail(message);
      },
    };
    const round = await sendDueMail(t.db, slow, { sender: 'slow', from: FROM });
    expect(round).toEqual({ sent: 1, failed: 0 });
    expect(smtp.caught).toHaveLength(1);
    expect(await t.db('mail_queue').whereNull('sentAt').where({ claimedBy: 'other' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    await t.db('mail_queue').whereNull('sentAt').update({ claimedBy: null, claimedUntil: null });
    expect((await send('one')).sent).toBe(1);
    expect(smtp.caught).toHaveLength(2);
  });

  it('mails an overdue document to the shipper and the company admin, each in their language', async () => {
    smtp.caught.length = 0;
    await t.db('users').where({ id: w.companyAdmin.id }).update({ language: 'ar' });
    const loadingDate = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const containerId = Number((await t.db('containers').insert({ number: 'MSKU7654320', companyId: w.companyA.id, shipperId: w.shipper.id, loadingDate, createdAt: now() }))[0]);
    const vin = validVin();
    await t.db('vehicles').insert({ vin, make: 'Toyota', model: 'Hilux', year: 2023, status: 'AT_PORT', companyId: w.companyA.id, containerId, documentsDueAt: earliestMissingDue([], loadingDate), createdAt: now() });
    // The title, the ITN and the dock receipt are overdue: three each.
    expect(await notifyOverdueDocuments(t.db)).toBe(6);
    expect(await send()).toEqual({ sent: 6, failed: 0 });
    const shipper = (await t.db('users').where({ id: w.shipper.id }).first('username')).username;
    const admin = (await t.db('users').where({ id: w.companyAdmin.id }).first('username')).username;
    const toShipper = smtp.caught.filter((m) => m.to === shipper).map((m) => m.subject).sort();
    expect(toShipper).toEqual([`Document overdue: Dock receipt of ${vin}`, `Document overdue: ITN (AES filing) of ${vin}`, `Document overdue: Title of ${vin}`]);
    const title = smtp.caught.find((m) => m.to === shipper && m.subject.includes('Title'))!;
    expect(title.text).toContain(`The Title of vehicle Toyota Hilux, VIN ${vin}, was due on`);
    const toAdmin = smtp.caught.filter((m) => m.to === admin);
    expect(toAdmin).toHaveLength(3);
    expect(toAdmin.map((m) => m.subject)).toContain(`مستند متأخر: سند الملكية للمركبة ${vin}`);
    expect(toAdmin.every((m) => m.text.includes('ولم يُستلم بعد'))).toBe(true);
  });

  it('sends from the server’s own loop when SMTP_URL is set', async () => {
    smtp.caught.length = 0;
    const id = await vehicle(w.buyer.id);
    expect((await changeStatus(id, 'SHIPPED')).status).toBe(200);
    const jobs = startNotificationJobs(t.db, { smtpUrl: t.config.mail.smtpUrl, from: FROM, logger: createLogger('silent') });
    try {
      await waitFor(() => smtp.caught.length === 1);
    } finally {
      await jobs.stop();
    }
    expect(smtp.caught[0].subject).toContain(': Shipped');
  });
});
