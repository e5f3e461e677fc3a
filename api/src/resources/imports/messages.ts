import type { Context } from 'koa';
import type { SheetLanguage } from '../../domain/sheetColumns';
import type { User } from '../users/model';

/**
 * The texts of an import's row errors and warnings, in English and Arabic: an import's answer is
 * read by the person who made the file (and downloaded as a table), in the language they asked in.
 * `{name}` is replaced by the parameters.
 */
const MESSAGES: Record<SheetLanguage, Record<string, string>> = {
  en: {
    required: '{column} is required',
    'vin.invalid': 'The VIN must be 17 letters and digits, without I, O or Q',
    'vin.checkDigit': 'The VIN check digit does not match (normal for many cars built outside North America)',
    'vin.duplicateInFile': 'This VIN is also on line {other}',
    'vin.taken': 'This VIN belongs to a vehicle of another company',
    'number.invalid': 'The container number is not valid: {detail}',
    'number.checkDigit': 'The container number check digit does not match (ISO 6346)',
    'number.duplicateInFile': 'This container number is also on line {other}',
    'number.taken': 'This container number belongs to a container of another company',
    'status.unknown': 'Unknown status "{value}": use a code such as LOADED or a label such as Loaded',
    'year.invalid': 'The year {detail}',
    'date.invalid': 'The date must be written as 2026-11-21',
    'text.invalid': '{column}: {detail}',
    'container.notFound': 'No container numbered "{value}" in this company',
    'container.overCapacity': 'Container {value} now holds more cars than a {size} container takes',
    'port.notFound': 'No port named "{value}"',
    'buyer.notFound': 'No buyer "{value}" in this company',
    'shipper.notFound': 'No shipper "{value}" in this company',
    'shipper.required': 'Name the container’s shipper (a user of the company)',
    'company.required': 'Name the company (a column, or companyId in the address)',
    'company.notFound': 'No company "{value}"',
    'company.notAllowed': 'Only a super administrator can name another company',
    'column.unknown': 'The column "{column}" is not one the import knows: it is ignored',
    'row.forbidden': 'You are not allowed to make this change',
    'row.refused': 'This row could not be saved: {detail}',
  },
  ar: {
    required: '{column} مطلوب',
    'vin.invalid': 'يجب أن يتكوّن رقم الهيكل من 17 حرفًا ورقمًا دون الأحرف I وO وQ',
    'vin.checkDigit': 'رقم التحقق في رقم الهيكل غير مطابق (أمر معتاد في كثير من السيارات المصنوعة خارج أمريكا الشمالية)',
    'vin.duplicateInFile': 'رقم الهيكل هذا موجود أيضًا في السطر {other}',
    'vin.taken': 'رقم الهيكل هذا لمركبة تابعة لشركة أخرى',
    'number.invalid': 'رقم الحاوية غير صالح: {detail}',
    'number.checkDigit': 'رقم التحقق في رقم الحاوية غير مطابق (ISO 6346)',
    'number.duplicateInFile': 'رقم الحاوية هذا موجود أيضًا في السطر {other}',
    'number.taken': 'رقم الحاوية هذا لحاوية تابعة لشركة أخرى',
    'status.unknown': 'حالة غير معروفة "{value}": استخدم رمزًا مثل LOADED أو تسمية مثل تم التحميل',
    'year.invalid': 'السنة غير صالحة: يجب أن تكون سنة من أربعة أرقام من 1900 حتى السنة القادمة',
    'date.invalid': 'يجب كتابة التاريخ بالشكل 2026-11-21',
    'text.invalid': '{column}: قيمة غير صالحة',
    'container.notFound': 'لا توجد حاوية بالرقم "{value}" في هذه الشركة',
    'container.overCapacity': 'الحاوية {value} تحمل الآن سيارات أكثر مما تتسع له حاوية {size}',
    'port.notFound': 'لا يوجد ميناء باسم "{value}"',
    'buyer.notFound': 'لا يوجد مشترٍ "{value}" في هذه الشركة',
    'shipper.notFound': 'لا يوجد شاحن "{value}" في هذه الشركة',
    'shipper.required': 'حدّد شاحن الحاوية (مستخدم من الشركة)',
    'company.required': 'حدّد الشركة (في عمود، أو companyId في العنوان)',
    'company.notFound': 'لا توجد شركة "{value}"',
    'company.notAllowed': 'لا يحدّد شركة أخرى إلا المشرف العام',
    'column.unknown': 'العمود "{column}" غير معروف للاستيراد: سيتم تجاهله',
    'row.forbidden': 'غير مسموح لك بإجراء هذا التغيير',
    'row.refused': 'تعذّر حفظ هذا السطر: {detail}',
  },
};

export const IMPORT_MESSAGE_CODES = Object.keys(MESSAGES.en);

export function importMessage(language: SheetLanguage, code: string, params: Record<string, string | number> = {}): string {
  const template = MESSAGES[language][code] ?? MESSAGES.en[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The language of a request's answer: `?lang=` (a download link the browser follows carries the
 * console's), else the one its Accept-Language prefers of ours (the console sends its own), else
 * the signed-in user's preference, else English.
 */
export function requestLanguage(ctx: Context, user: User): SheetLanguage {
  if (ctx.query.lang === 'en' || ctx.query.lang === 'ar') return ctx.query.lang;
  if (ctx.get('Accept-Language')) {
    const accepted = ctx.acceptsLanguages('en', 'ar');
    if (accepted === 'en' || accepted === 'ar') return accepted;
  }
  return user.language === 'ar' ? 'ar' : 'en';
}
