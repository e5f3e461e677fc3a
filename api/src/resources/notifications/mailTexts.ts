import type { Language } from '../../domain/languages';
import type { NotificationKind, NotificationParams } from '../../domain/notifications';
import { STATUS_LABELS } from '../../domain/sheetColumns';

/**
 * The e-mails' words, in English and Arabic. The console has its own copies of the same sentences
 * (admin/src/i18n, key `notifications`): the API does not import the console.
 */

/** The statuses' labels as the console shows them (the ones the sheets use too). */
const STATUS: Record<Language, Record<string, string>> = STATUS_LABELS;

const DOCUMENT_KIND: Record<Language, Record<string, string>> = {
  en: { TITLE: 'Title', BILL_OF_SALE: 'Bill of sale', ITN: 'ITN (AES filing)', DOCK_RECEIPT: 'Dock receipt', BILL_OF_LADING: 'Bill of lading' },
  ar: { TITLE: 'سند الملكية', BILL_OF_SALE: 'عقد البيع', ITN: 'رقم ITN (تصريح AES)', DOCK_RECEIPT: 'إيصال الرصيف', BILL_OF_LADING: 'بوليصة الشحن' },
};

export type MailText = { subject: string; text: string };

const vehicleName = (p: NotificationParams) => [p.make, p.model].filter(Boolean).join(' ') || p.vin || '';
const day = (iso: string | undefined) => (iso ?? '').slice(0, 10);

const TEXTS: Record<Language, Record<NotificationKind, (p: NotificationParams) => MailText>> = {
  en: {
    vehicleStatusChanged: (p) => ({
      subject: `${vehicleName(p)} (${p.vin}): ${STATUS.en[p.toStatus ?? ''] ?? p.toStatus}`,
      text: `The status of your vehicle ${vehicleName(p)}, VIN ${p.vin}, changed${p.fromStatus ? ` from ${STATUS.en[p.fromStatus] ?? p.fromStatus}` : ''} to ${STATUS.en[p.toStatus ?? ''] ?? p.toStatus}.`,
    }),
    registrationPending: (p) => ({
      subject: `New registration waiting for approval: ${p.username}`,
      text: `${p.username} registered and waits for your approval. Open Users in the console to approve the account or decline it.`,
    }),
    documentOverdue: (p) => ({
      subject: `Document overdue: ${DOCUMENT_KIND.en[p.documentKind ?? ''] ?? p.documentKind} of ${p.vin}`,
      text: `The ${DOCUMENT_KIND.en[p.documentKind ?? ''] ?? p.documentKind} of vehicle ${vehicleName(p)}, VIN ${p.vin}, was due on ${day(p.dueDate)} and has not been received.`,
    }),
  },
  ar: {
    vehicleStatusChanged: (p) => ({
      subject: `${vehicleName(p)} (${p.vin}): ${STATUS.ar[p.toStatus ?? ''] ?? p.toStatus}`,
      text: `تغيّرت حالة مركبتك ${vehicleName(p)}، رقم الهيكل ${p.vin}،${p.fromStatus ? ` من «${STATUS.ar[p.fromStatus] ?? p.fromStatus}»` : ''} إلى «${STATUS.ar[p.toStatus ?? ''] ?? p.toStatus}».`,
    }),
    registrationPending: (p) => ({
      subject: `تسجيل جديد بانتظار الموافقة: ${p.username}`,
      text: `سجّل ${p.username} وينتظر موافقتك. افتح صفحة المستخدمين في لوحة التحكم للموافقة على الحساب أو رفضه.`,
    }),
    documentOverdue: (p) => ({
      subject: `مستند متأخر: ${DOCUMENT_KIND.ar[p.documentKind ?? ''] ?? p.documentKind} للمركبة ${p.vin}`,
      text: `كان «${DOCUMENT_KIND.ar[p.documentKind ?? ''] ?? p.documentKind}» للمركبة ${vehicleName(p)}، رقم الهيكل ${p.vin}، مستحقًا في ${day(p.dueDate)} ولم يُستلم بعد.`,
    }),
  },
};

/** A notification's e-mail in the language asked for (English for any other). */
export function mailText(kind: NotificationKind, params: NotificationParams, language: string): MailText {
  const texts = TEXTS[language === 'ar' ? 'ar' : 'en'];
  return texts[kind](params);
}
