import type { Role } from '../domain/roles';
import type { VehicleStatus } from '../domain/statuses';
import { vinCheckDigit } from '../domain/vin';
import { containerCheckDigit } from '../domain/containerNumber';

/**
 * The demo install (DEMO_DATA=true, or the super admin's button on an empty install): one
 * exporter from US auctions to the Gulf, described here as plain data so the loader
 * (loadDemoData.ts) only has to write it through the models. Dates are days from the day it is
 * loaded, so the containers are "loading soon", "at sea" and "arrived" whenever it is tried.
 */

export const DEMO_COMPANY = {
  name: 'Gulf Star Motors',
  code: 'DEMO',
  active: true,
  legalNameEn: 'Gulf Star Motors Trading LLC',
  legalNameAr: 'شركة نجمة الخليج لتجارة السيارات ذ.م.م',
  address: 'King Abdulaziz Road, Al Rawdah District',
  city: 'Jeddah',
  country: 'Saudi Arabia',
  currency: 'SAR',
};

/** Ports are shared reference data: the demo adds the ones its containers sail between. */
export const DEMO_PORTS = [
  { key: 'baltimore', name: 'Baltimore', nameAr: 'بالتيمور', country: 'US' },
  { key: 'houston', name: 'Houston', nameAr: 'هيوستن', country: 'US' },
  { key: 'jebelAli', name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' },
  { key: 'jeddah', name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'SA' },
  { key: 'dammam', name: 'King Abdulaziz Port, Dammam', nameAr: 'ميناء الملك عبدالعزيز بالدمام', country: 'SA' },
] as const;
export type DemoPortKey = (typeof DEMO_PORTS)[number]['key'];

export const DEMO_USERS: { key: 'admin' | 'shipper' | 'buyer'; username: string; role: Role }[] = [
  { key: 'admin', username: 'demo.admin@gulfstar.example', role: 'COMPANY_ADMIN' },
  { key: 'shipper', username: 'demo.shipper@gulfstar.example', role: 'SHIPPER' },
  { key: 'buyer', username: 'demo.buyer@gulfstar.example', role: 'BUYER' },
];

/** An ISO 6346 number with its check digit worked out, so no warning shows on the demo. */
const containerNumber = (ownerAndSerial: string) => `${ownerAndSerial}${containerCheckDigit(ownerAndSerial)}`;

export type DemoContainer = {
  key: 'loading' | 'atSea' | 'arrived';
  number: string;
  bookingNumber: string;
  containerSize: string;
  sealNumber: string;
  shippingLine: string;
  from: DemoPortKey;
  to: DemoPortKey;
  loadingInDays: number;
  arrivalInDays: number;
};

export const DEMO_CONTAINERS: DemoContainer[] = [
  { key: 'loading', number: containerNumber('MSCU482913'), bookingNumber: 'MSC-HOU-240871', containerSize: '40HC', sealNumber: 'ML-5520931', shippingLine: 'MSC', from: 'houston', to: 'jeddah', loadingInDays: 3, arrivalInDays: 38 },
  { key: 'atSea', number: containerNumber('MAEU771204'), bookingNumber: 'MAEU-BAL-118402', containerSize: '40HC', sealNumber: 'MK-0098311', shippingLine: 'Maersk', from: 'baltimore', to: 'jebelAli', loadingInDays: -22, arrivalInDays: 10 },
  { key: 'arrived', number: containerNumber('CMAU305118'), bookingNumber: 'CMA-BAL-903355', containerSize: '40HC', sealNumber: 'CM-7710264', shippingLine: 'CMA CGM', from: 'baltimore', to: 'dammam', loadingInDays: -50, arrivalInDays: -8 },
];

/**
 * A North American VIN: eight characters (maker and model), the check digit, the model year's
 * letter, the plant and a six-digit serial. The check digit is computed (domain/vin.ts), so the
 * demo shows no check-digit warning.
 */
function vin(makerAndModel: string, year: string, plant: string, serial: string): string {
  const draft = `${makerAndModel}0${year}${plant}${serial}`;
  return `${makerAndModel}${vinCheckDigit(draft)}${year}${plant}${serial}`;
}

export type DemoVehicle = {
  vin: string;
  make: string;
  model: string;
  year: number;
  /** English colour name: the photo is painted in it (demoPhotos.ts) and vehicleInfo.color says it. */
  color: string;
  status: VehicleStatus;
  container: DemoContainer['key'] | null;
  soldToBuyer: boolean;
  /** Days before loading that the car was bought (its first status). */
  boughtDaysAgo: number;
  notes: string | null;
};

export const DEMO_VEHICLES: DemoVehicle[] = [
  { vin: vin('JTMHV05J', 'N', '4', '012345'), make: 'Toyota', model: 'Land Cruiser', year: 2022, color: 'White', status: 'RECEIVED', container: 'arrived', soldToBuyer: true, boughtDaysAgo: 75, notes: 'Delivered to the buyer in Dammam.' },
  { vin: vin('JN8AY2NC', 'M', '9', '208731'), make: 'Nissan', model: 'Patrol', year: 2021, color: 'Silver', status: 'AT_PORT', container: 'arrived', soldToBuyer: true, boughtDaysAgo: 72, notes: null },
  { vin: vin('JTJHY7AX', 'P', '4', '101872'), make: 'Lexus', model: 'LX 600', year: 2023, color: 'Black', status: 'SHIPPED', container: 'atSea', soldToBuyer: false, boughtDaysAgo: 45, notes: null },
  { vin: vin('1GNSKBKD', 'M', 'R', '334019'), make: 'Chevrolet', model: 'Tahoe', year: 2021, color: 'Gray', status: 'SHIPPED', container: 'atSea', soldToBuyer: true, boughtDaysAgo: 41, notes: 'Minor scratch on the rear bumper (auction report).' },
  { vin: vin('1FTFW1E5', 'L', 'F', '527760'), make: 'Ford', model: 'F-150', year: 2020, color: 'Blue', status: 'LOADED', container: 'loading', soldToBuyer: false, boughtDaysAgo: 20, notes: null },
  { vin: vin('1HGCV1F3', 'K', 'A', '048221'), make: 'Honda', model: 'Accord', year: 2019, color: 'Red', status: 'AT_WAREHOUSE', container: null, soldToBuyer: false, boughtDaysAgo: 12, notes: null },
  { vin: vin('1GKS2BKD', 'N', 'R', '611094'), make: 'GMC', model: 'Yukon', year: 2022, color: 'White', status: 'DISPATCHED', container: null, soldToBuyer: false, boughtDaysAgo: 6, notes: null },
  { vin: vin('5NPEL4JA', 'P', 'H', '390457'), make: 'Hyundai', model: 'Sonata', year: 2023, color: 'Silver', status: 'NEW_PURCHASE', container: null, soldToBuyer: false, boughtDaysAgo: 2, notes: null },
];

/** Photos per vehicle: enough for the gallery's "Download All Images" (more than one). */
export const DEMO_PHOTOS_PER_VEHICLE = 2;
