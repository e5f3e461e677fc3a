import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ar from '../i18n/ar';

/** The unsaved-changes guard's count of waiting changes, through polyglot as the console uses it. */
const providers = { en: polyglotI18nProvider(() => en, 'en'), ar: polyglotI18nProvider(() => ar, 'ar') };
const say = (locale: 'en' | 'ar', key: string, smart_count: number) => providers[locale].translate(key, { smart_count });

describe('the waiting changes named by the unsaved-changes guard', () => {
  it('count status changes and deletions in English', () => {
    expect(say('en', 'unsavedChanges.pendingStatus', 1)).toBe('1 status change waiting to be sent:');
    expect(say('en', 'unsavedChanges.pendingStatus', 3)).toBe('3 status changes waiting to be sent:');
    expect(say('en', 'unsavedChanges.pendingDelete', 2)).toBe('2 deletions waiting to be sent:');
    expect(say('en', 'unsavedChanges.pendingSent', 1)).toBe('It will be sent whether you stay or leave.');
    expect(say('en', 'unsavedChanges.pendingSent', 2)).toBe('They will be sent whether you stay or leave.');
  });

  it('use the Arabic form for each count: one, two (dual), 3–10, 11–99, 100 and more', () => {
    expect([1, 2, 3, 10, 11, 99, 100, 101].map((count) => say('ar', 'unsavedChanges.pendingStatus', count))).toEqual([
      'تغيير واحد للحالة بانتظار الإرسال:',
      'تغييران للحالة بانتظار الإرسال:',
      '3 تغييرات للحالة بانتظار الإرسال:',
      '10 تغييرات للحالة بانتظار الإرسال:',
      '11 تغييرًا للحالة بانتظار الإرسال:',
      '99 تغييرًا للحالة بانتظار الإرسال:',
      '100 تغيير للحالة بانتظار الإرسال:',
      '101 تغيير للحالة بانتظار الإرسال:',
    ]);
    expect([1, 2, 5, 12, 200].map((count) => say('ar', 'unsavedChanges.pendingDelete', count))).toEqual([
      'عملية حذف واحدة بانتظار الإرسال:',
      'عمليتا حذف بانتظار الإرسال:',
      '5 عمليات حذف بانتظار الإرسال:',
      '12 عملية حذف بانتظار الإرسال:',
      '200 عملية حذف بانتظار الإرسال:',
    ]);
  });
});
