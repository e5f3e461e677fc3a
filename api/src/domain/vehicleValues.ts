/**
 * Coded values a vehicle carries in `vehicleInfo` (its colour, and what vPIC decodes: fuel,
 * transmission, drive, body, vehicle type, electrification), each stored in English as the API
 * writes it and shown in the reader's language wherever it appears: the console's lists, details
 * and print sheets, the invoice PDF and the spreadsheets. One table for the API and the console
 * (its message catalogues are built from it, admin/src/i18n), so a value reads the same
 * everywhere. A value not listed (typed by someone, a rare vPIC answer) is shown as it is.
 *
 * Pure data and functions: no I/O, no imports.
 */
export type ValueLanguage = 'en' | 'ar';
type Label = { en: string; ar: string };

/** The colours colour detection answers with (services/vision/colors.ts), and their names. */
export const COLOR_NAMES = {
  White: { en: 'White', ar: 'أبيض' },
  Black: { en: 'Black', ar: 'أسود' },
  Silver: { en: 'Silver', ar: 'فضي' },
  Gray: { en: 'Gray', ar: 'رمادي' },
  Red: { en: 'Red', ar: 'أحمر' },
  Blue: { en: 'Blue', ar: 'أزرق' },
  Green: { en: 'Green', ar: 'أخضر' },
  Brown: { en: 'Brown', ar: 'بني' },
  Beige: { en: 'Beige', ar: 'بيج' },
  Yellow: { en: 'Yellow', ar: 'أصفر' },
  Orange: { en: 'Orange', ar: 'برتقالي' },
  Gold: { en: 'Gold', ar: 'ذهبي' },
  Purple: { en: 'Purple', ar: 'بنفسجي' },
} as const satisfies Record<string, Label>;
export type CarColor = keyof typeof COLOR_NAMES;
export const CAR_COLORS = Object.keys(COLOR_NAMES) as CarColor[];

/** A coded value: its message key (`code`), the spellings it is stored in, its labels. */
type CodedValue = Label & { code: string; stored: string[] };
const value = (code: string, stored: string[], en: string, ar: string): CodedValue => ({ code, stored, en, ar });

/** vPIC's values (and the other reading's, SPEC.md §3) by kind. */
const CODED_VALUES = {
  fuel: [
    value('gasoline', ['Gasoline', 'Petrol'], 'Gasoline', 'بنزين'),
    value('diesel', ['Diesel'], 'Diesel', 'ديزل'),
    value('electric', ['Electric'], 'Electric', 'كهربائي'),
    value('hybrid', ['Hybrid'], 'Hybrid', 'هجين'),
    value('ffv', ['Flexible Fuel Vehicle (FFV)'], 'Flexible fuel (FFV)', 'وقود مرن (FFV)'),
    value('e85', ['Ethanol (E85)'], 'Ethanol (E85)', 'إيثانول (E85)'),
    value('cng', ['Compressed Natural Gas (CNG)'], 'Compressed natural gas (CNG)', 'غاز طبيعي مضغوط (CNG)'),
    value('lng', ['Liquefied Natural Gas (LNG)'], 'Liquefied natural gas (LNG)', 'غاز طبيعي مسال (LNG)'),
    value('lpg', ['Liquefied Petroleum Gas (propane or LPG)', 'LPG'], 'Liquefied petroleum gas (LPG)', 'غاز البترول المسال (LPG)'),
    value('hydrogen', ['Hydrogen', 'Compressed Hydrogen/Hydrogen'], 'Hydrogen', 'هيدروجين'),
    value('fuelCell', ['Fuel Cell'], 'Fuel cell', 'خلية وقود'),
  ],
  transmission: [
    value('automatic', ['Automatic'], 'Automatic', 'أوتوماتيكي'),
    value('manual', ['Manual/Standard', 'Manual'], 'Manual', 'يدوي'),
    value('cvt', ['Continuously Variable Transmission (CVT)', 'CVT'], 'Continuously variable (CVT)', 'متغير باستمرار (CVT)'),
    value('ecvt', ['Electronic Continuously Variable (e-CVT)'], 'Electronic continuously variable (e-CVT)', 'متغير باستمرار إلكتروني (e-CVT)'),
    value('dct', ['Dual-Clutch Transmission (DCT)', 'DCT'], 'Dual-clutch (DCT)', 'مزدوج القابض (DCT)'),
    value('amt', ['Automated Manual Transmission (AMT)', 'AMT'], 'Automated manual (AMT)', 'يدوي مؤتمت (AMT)'),
  ],
  drive: [
    value('fwd', ['FWD/Front-Wheel Drive', 'FWD'], 'Front-wheel drive (FWD)', 'دفع أمامي (FWD)'),
    value('rwd', ['RWD/Rear-Wheel Drive', 'RWD'], 'Rear-wheel drive (RWD)', 'دفع خلفي (RWD)'),
    value('awd', ['AWD/All-Wheel Drive', 'AWD'], 'All-wheel drive (AWD)', 'دفع كلي (AWD)'),
    value('fourWd', ['4WD/4-Wheel Drive/4x4', '4WD', '4x4'], 'Four-wheel drive (4WD)', 'دفع رباعي (4WD)'),
  ],
  body: [
    value('sedan', ['Sedan/Saloon', 'Sedan'], 'Sedan', 'سيدان'),
    value('suv', ['Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)', 'SUV'], 'SUV', 'مركبة رياضية متعددة الأغراض (SUV)'),
    value('cuv', ['Crossover Utility Vehicle (CUV)'], 'Crossover (CUV)', 'كروس أوفر (CUV)'),
    value('pickup', ['Pickup'], 'Pickup', 'بيك أب'),
    value('hatchback', ['Hatchback/Liftback/Notchback', 'Hatchback'], 'Hatchback', 'هاتشباك'),
    value('coupe', ['Coupe'], 'Coupe', 'كوبيه'),
    value('convertible', ['Convertible/Cabriolet', 'Convertible'], 'Convertible', 'مكشوفة'),
    value('wagon', ['Wagon'], 'Wagon', 'ستيشن واغن'),
    value('minivan', ['Minivan'], 'Minivan', 'ميني فان'),
    value('van', ['Van'], 'Van', 'فان'),
    value('cargoVan', ['Cargo Van'], 'Cargo van', 'فان بضائع'),
    value('truckTractor', ['Truck-Tractor'], 'Truck tractor', 'رأس قاطرة'),
  ],
  vehicleType: [
    value('passengerCar', ['PASSENGER CAR'], 'Passenger car', 'سيارة ركاب'),
    value('mpv', ['MULTIPURPOSE PASSENGER VEHICLE (MPV)'], 'Multipurpose passenger vehicle (MPV)', 'مركبة ركاب متعددة الأغراض (MPV)'),
    value('truck', ['TRUCK'], 'Truck', 'شاحنة'),
    value('bus', ['BUS'], 'Bus', 'حافلة'),
    value('motorcycle', ['MOTORCYCLE'], 'Motorcycle', 'دراجة نارية'),
    value('trailer', ['TRAILER'], 'Trailer', 'مقطورة'),
    value('lsv', ['LOW SPEED VEHICLE (LSV)'], 'Low-speed vehicle (LSV)', 'مركبة منخفضة السرعة (LSV)'),
    value('offRoad', ['OFF ROAD VEHICLE'], 'Off-road vehicle', 'مركبة للطرق الوعرة'),
    value('incomplete', ['INCOMPLETE VEHICLE'], 'Incomplete vehicle', 'مركبة غير مكتملة'),
  ],
  electrification: [
    value('bev', ['BEV (Battery Electric Vehicle)'], 'Battery electric (BEV)', 'كهربائية بالبطارية (BEV)'),
    value('phev', ['PHEV (Plug-in Hybrid Electric Vehicle)'], 'Plug-in hybrid (PHEV)', 'هجينة قابلة للشحن (PHEV)'),
    value('hev', ['HEV (Strong Hybrid)'], 'Hybrid (HEV)', 'هجينة (HEV)'),
    value('mildHev', ['Mild HEV', 'HEV (Mild Hybrid)'], 'Mild hybrid', 'هجينة خفيفة'),
    value('fcev', ['FCEV (Fuel Cell Electric Vehicle)'], 'Fuel cell electric (FCEV)', 'كهربائية بخلايا الوقود (FCEV)'),
  ],
} satisfies Record<string, CodedValue[]>;
export type ValueKind = keyof typeof CODED_VALUES;

/** Which vehicleInfo fields hold which kind of coded value (both readings of SPEC.md §3). */
const FIELD_KINDS: Record<string, ValueKind> = {
  fuelTypePrimary: 'fuel',
  fuelType: 'fuel',
  transmissionStyle: 'transmission',
  transmission: 'transmission',
  driveType: 'drive',
  bodyClass: 'body',
  bodyType: 'body',
  vehicleType: 'vehicleType',
  electrificationLevel: 'electrification',
};

/** Compared without case and outer spaces. */
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The colour behind a stored value, whatever its case; undefined for any other text. */
export function knownColor(stored: unknown): CarColor | undefined {
  if (typeof stored !== 'string') return undefined;
  return CAR_COLORS.find((color) => same(color, stored));
}

/** A coded field's value, as its kind and message code; undefined for a value not listed. */
export function codedValue(field: string, stored: unknown): { kind: ValueKind; code: string } | undefined {
  const kind = FIELD_KINDS[field];
  if (!kind || typeof stored !== 'string') return undefined;
  const found = (CODED_VALUES[kind] as CodedValue[]).find((entry) => entry.stored.some((spelling) => same(spelling, stored)));
  return found && { kind, code: found.code };
}

/** A vehicleInfo value as a reader of `language` sees it: a listed value translated, any other as it is. */
export function vehicleValueLabel(field: string, stored: string, language: ValueLanguage): string {
  if (field === 'color') {
    const color = knownColor(stored);
    return color ? COLOR_NAMES[color][language] : stored;
  }
  const coded = codedValue(field, stored);
  if (!coded) return stored;
  return (CODED_VALUES[coded.kind] as CodedValue[]).find((entry) => entry.code === coded.code)![language];
}

/**
 * The value to store for a spreadsheet cell (an exported sheet imported again): a label in either
 * language, or a stored spelling, becomes the stored value; any other text stays as it is.
 */
export function vehicleValueOfCell(field: string, text: string): string {
  if (field === 'color') {
    // The English name in any case stays as written; an Arabic name becomes the English one.
    return CAR_COLORS.find((c) => same(COLOR_NAMES[c].ar, text)) ?? text;
  }
  const kind = FIELD_KINDS[field];
  if (!kind) return text;
  const entries = CODED_VALUES[kind] as CodedValue[];
  // A stored spelling stays as it is (an export imported again changes nothing).
  if (entries.some((entry) => entry.stored.some((spelling) => same(spelling, text)))) return text;
  const found = entries.find((entry) => same(entry.en, text) || same(entry.ar, text));
  return found ? found.stored[0] : text;
}

/** The console's catalogue entries (admin/src/i18n): colours by name, coded values by kind and code. */
export function colorMessages(language: ValueLanguage): Record<CarColor, string> {
  return Object.fromEntries(CAR_COLORS.map((color) => [color, COLOR_NAMES[color][language]])) as Record<CarColor, string>;
}

export function codedValueMessages(language: ValueLanguage): Record<ValueKind, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(CODED_VALUES).map(([kind, entries]) => [kind, Object.fromEntries((entries as CodedValue[]).map((entry) => [entry.code, entry[language]]))]),
  ) as Record<ValueKind, Record<string, string>>;
}
