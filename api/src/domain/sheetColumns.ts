import { VEHICLE_STATUSES, type VehicleStatus } from './statuses';

/**
 * The columns of the vehicle and container spreadsheets, imported and exported, with their
 * headings in both languages. One table for the API (which reads a heading in either language,
 * and writes the request's) and for the console (its templates and the import wizard's mapping).
 */
export type SheetLanguage = 'en' | 'ar';
export type SheetColumn = { key: string; en: string; ar: string; aliases?: string[] };

/** The vehicle's vehicleInfo fields, each a column of its own (flattened) in a sheet. */
export const VEHICLE_INFO_COLUMNS: SheetColumn[] = [
  { key: 'color', en: 'Color', ar: 'اللون', aliases: ['Colour'] },
  { key: 'trim', en: 'Trim', ar: 'الفئة' },
  { key: 'bodyClass', en: 'Body class', ar: 'نوع الهيكل' },
  { key: 'bodyType', en: 'Body type', ar: 'شكل الهيكل' },
  { key: 'vehicleType', en: 'Vehicle type', ar: 'نوع المركبة' },
  { key: 'doors', en: 'Doors', ar: 'الأبواب' },
  { key: 'seats', en: 'Seats', ar: 'المقاعد' },
  { key: 'fuelTypePrimary', en: 'Fuel type', ar: 'نوع الوقود' },
  { key: 'fuelType', en: 'Fuel', ar: 'الوقود' },
  { key: 'engineNumberOfCylinders', en: 'Engine cylinders', ar: 'أسطوانات المحرك' },
  { key: 'displacement', en: 'Displacement (L)', ar: 'سعة المحرك (لتر)' },
  { key: 'engineType', en: 'Engine model', ar: 'طراز المحرك' },
  { key: 'otherEngineInfo', en: 'Other engine information', ar: 'معلومات أخرى عن المحرك' },
  { key: 'transmissionStyle', en: 'Transmission', ar: 'ناقل الحركة' },
  { key: 'transmission', en: 'Transmission type', ar: 'نوع ناقل الحركة' },
  { key: 'driveType', en: 'Drive type', ar: 'نظام الدفع' },
  { key: 'weight', en: 'Gross weight rating', ar: 'الوزن الإجمالي المقدَّر' },
  { key: 'wheelbase', en: 'Wheelbase', ar: 'قاعدة العجلات' },
  { key: 'plantCountry', en: 'Plant country', ar: 'بلد المصنع' },
  { key: 'electrificationLevel', en: 'Electrification level', ar: 'مستوى الكهربة' },
  { key: 'batteryType', en: 'Battery type', ar: 'نوع البطارية' },
  { key: 'evDriveUnit', en: 'EV drive unit', ar: 'وحدة الدفع الكهربائي' },
];

/** A vehicle sheet: the import reads these (VIN required), the export writes them. */
export const VEHICLE_COLUMNS: SheetColumn[] = [
  { key: 'vin', en: 'VIN', ar: 'رقم الهيكل (VIN)', aliases: ['رقم الهيكل', 'رقم الشاصي'] },
  { key: 'make', en: 'Make', ar: 'الشركة المصنِّعة', aliases: ['الشركة المصنعة', 'الماركة'] },
  { key: 'model', en: 'Model', ar: 'الطراز', aliases: ['الموديل'] },
  { key: 'year', en: 'Year', ar: 'السنة', aliases: ['سنة الصنع'] },
  { key: 'status', en: 'Status', ar: 'الحالة' },
  { key: 'container', en: 'Container', ar: 'الحاوية', aliases: ['Container number', 'رقم الحاوية'] },
  { key: 'fromPort', en: 'Port of origin', ar: 'ميناء المغادرة', aliases: ['From port', 'ميناء الشحن'] },
  { key: 'toPort', en: 'Port of destination', ar: 'ميناء الوصول', aliases: ['To port'] },
  { key: 'buyer', en: 'Buyer', ar: 'المشتري' },
  { key: 'notes', en: 'Notes', ar: 'ملاحظات' },
  { key: 'company', en: 'Company', ar: 'الشركة' },
  ...VEHICLE_INFO_COLUMNS,
];

/** A container sheet. */
export const CONTAINER_COLUMNS: SheetColumn[] = [
  { key: 'number', en: 'Container number', ar: 'رقم الحاوية', aliases: ['Number', 'Container', 'الرقم', 'الحاوية'] },
  { key: 'bookingNumber', en: 'Booking number', ar: 'رقم الحجز' },
  { key: 'containerSize', en: 'Size', ar: 'الحجم', aliases: ['Container size'] },
  { key: 'loadingDate', en: 'Loading date', ar: 'تاريخ التحميل' },
  { key: 'arrivalDate', en: 'Arrival date', ar: 'تاريخ الوصول' },
  { key: 'sealNumber', en: 'Seal number', ar: 'رقم الختم' },
  { key: 'shippingLine', en: 'Shipping line', ar: 'خط الشحن' },
  { key: 'fromPort', en: 'Port of origin', ar: 'ميناء المغادرة', aliases: ['From port', 'ميناء الشحن'] },
  { key: 'toPort', en: 'Port of destination', ar: 'ميناء الوصول', aliases: ['To port'] },
  { key: 'shipper', en: 'Shipper', ar: 'الشاحن' },
  { key: 'company', en: 'Company', ar: 'الشركة' },
];

/** The statuses' labels as the console shows them (admin/src/i18n vehicleStatus), for sheets. */
export const STATUS_LABELS: Record<SheetLanguage, Record<VehicleStatus, string>> = {
  en: {
    NEW_PURCHASE: 'New Purchase',
    DISPATCHED: 'Dispatched',
    IN_PROGRESS: 'In Progress',
    AT_WAREHOUSE: 'At Warehouse',
    LOADED: 'Loaded',
    SHIPPED: 'Shipped',
    AT_PORT: 'At Port',
    RECEIVED: 'Received',
  },
  ar: {
    NEW_PURCHASE: 'شراء جديد',
    DISPATCHED: 'تم الإرسال',
    IN_PROGRESS: 'قيد التنفيذ',
    AT_WAREHOUSE: 'في المستودع',
    LOADED: 'تم التحميل',
    SHIPPED: 'تم الشحن',
    AT_PORT: 'في الميناء',
    RECEIVED: 'تم الاستلام',
  },
};

/**
 * A heading or a label as compared: case, spaces, underscores, dashes and Arabic letter forms
 * (hamza on alef, taa marbuta, alef maqsura, tashkeel) do not matter, so "Port of origin",
 * "port_of_origin" and "PORT-OF-ORIGIN" are one heading.
 */
export function sheetKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0670]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\s_\-.()]+/g, '');
}

/** Which column a heading names (its key, an English or Arabic heading, or an alias), or undefined. */
export function columnOfHeading(columns: SheetColumn[], heading: string): SheetColumn | undefined {
  const wanted = sheetKey(heading);
  if (!wanted) return undefined;
  return columns.find((c) => [c.key, c.en, c.ar, ...(c.aliases ?? [])].some((name) => sheetKey(name) === wanted));
}

/** A status from its code or its label in either language ("LOADED", "Loaded", "تم التحميل"). */
export function statusOfCell(text: string): VehicleStatus | undefined {
  const wanted = sheetKey(text);
  return VEHICLE_STATUSES.find(
    (status) => sheetKey(status) === wanted || sheetKey(STATUS_LABELS.en[status]) === wanted || sheetKey(STATUS_LABELS.ar[status]) === wanted,
  );
}
