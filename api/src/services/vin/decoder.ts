import { LRUCache } from 'lru-cache';
import { canonicalMake } from '../../domain/makes';
import { isVinCheckDigitValid } from '../../domain/vin';
import { manufacturerFromVin, modelYearFromVin } from '../../domain/wmi';
import { BUNDLED_MAKES } from './bundledMakes';
import { createVpicClient, type VpicClient, type VpicDecoded } from './vpic';

export type VehicleInfo = Record<string, string>;
export type VinDecode = {
  vin: string;
  make: string | null;
  model: string | null;
  year: number | null;
  vehicleInfo: VehicleInfo;
  source: 'vpic' | 'offline';
  checkDigitValid: boolean;
};
export type MakeOption = { id: string; name: string };

/** vPIC's DecodeVinValues field -> our vehicleInfo key (SPEC.md §3, both readings). */
const VPIC_FIELDS: Record<string, string> = {
  Trim: 'trim',
  VehicleType: 'vehicleType',
  BodyClass: 'bodyClass',
  PlantCountry: 'plantCountry',
  FuelTypePrimary: 'fuelTypePrimary',
  EngineCylinders: 'engineNumberOfCylinders',
  DisplacementL: 'displacement',
  OtherEngineInfo: 'otherEngineInfo',
  EngineModel: 'engineType',
  TransmissionStyle: 'transmissionStyle',
  Doors: 'doors',
  Seats: 'seats',
  WheelBaseShort: 'wheelbase',
  GVWR: 'weight',
  ElectrificationLevel: 'electrificationLevel',
  BatteryType: 'batteryType',
  EVDriveUnit: 'evDriveUnit',
  DriveType: 'driveType',
};

const meaningful = (v: string | null | undefined): v is string => !!v && v.trim() !== '' && !/^(not applicable|null)$/i.test(v.trim());

function fromVpic(vin: string, r: VpicDecoded): VinDecode {
  const vehicleInfo: VehicleInfo = {};
  for (const [field, key] of Object.entries(VPIC_FIELDS)) {
    const value = r[field];
    if (meaningful(value)) vehicleInfo[key] = value.trim();
  }
  const year = Number(r.ModelYear);
  return {
    vin,
    make: canonicalMake(meaningful(r.Make) ? r.Make : manufacturerFromVin(vin)),
    model: meaningful(r.Model) ? r.Model.trim() : null,
    year: Number.isInteger(year) && year > 1900 ? year : modelYearFromVin(vin),
    vehicleInfo,
    source: 'vpic',
    checkDigitValid: isVinCheckDigitValid(vin),
  };
}

function offline(vin: string): VinDecode {
  return {
    vin,
    make: canonicalMake(manufacturerFromVin(vin)),
    model: null,
    year: modelYearFromVin(vin),
    vehicleInfo: {},
    source: 'offline',
    checkDigitValid: isVinCheckDigitValid(vin),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed call, vPIC is left alone this long, so an offline intranet never waits per VIN. */
const RETRY_AFTER_MS = 60_000;
export const MAKES_LIMIT = 100;
/** The bundled makes in their stored spelling (the list is vPIC's capitals). */
const BUNDLED_NAMES = [...new Set(BUNDLED_MAKES.map((name) => canonicalMake(name)!))].sort((a, b) => a.localeCompare(b));

export type VinDecoder = {
  decode(vin: string): Promise<VinDecode>;
  makes(q: string): Promise<{ makes: MakeOption[]; source: 'vpic' | 'offline' }>;
};

export function createVinDecoder(options: { baseUrl: string; timeoutMs: number; client?: VpicClient }): VinDecoder {
  const client = options.client ?? createVpicClient(options.baseUrl, options.timeoutMs);
  const decoded = new LRUCache<string, VinDecode>({ max: 10_000, ttl: DAY_MS });
  let allMakes: { names: string[]; until: number } | null = null;
  let vpicDownUntil = 0;

  const tryVpic = async <T>(call: () => Promise<T>): Promise<T | null> => {
    if (Date.now() < vpicDownUntil) return null;
    try {
      return await call();
    } catch {
      vpicDownUntil = Date.now() + RETRY_AFTER_MS;
      return null;
    }
  };

  return {
    async decode(vin) {
      const cached = decoded.get(vin);
      if (cached) return cached;
      const answer = await tryVpic(() => client.decodeVin(vin));
      if (!answer) return offline(vin);
      const result = fromVpic(vin, answer);
      decoded.set(vin, result);
      return result;
    },

    async makes(q) {
      let source: 'vpic' | 'offline' = 'vpic';
      if (!allMakes || allMakes.until < Date.now()) {
        const fetched = await tryVpic(() => client.getAllMakes());
        if (fetched) {
          // In the spelling a make is stored in, so a pick is saved as it was shown (domain/makes.ts).
          const names = [...new Set(fetched.map((m) => canonicalMake(m.Make_Name)).filter((n): n is string => !!n))].sort((a, b) => a.localeCompare(b));
          allMakes = { names, until: Date.now() + DAY_MS };
        }
      }
      let names = allMakes?.names;
      if (!names) {
        names = BUNDLED_NAMES;
        source = 'offline';
      }
      const needle = q.trim().toUpperCase();
      const matches = names.filter((n) => n.toUpperCase().includes(needle));
      // Names that start with the query come first: "kia" should not list "Nikola" above "Kia".
      matches.sort((a, b) => Number(!a.toUpperCase().startsWith(needle)) - Number(!b.toUpperCase().startsWith(needle)));
      return { makes: matches.slice(0, MAKES_LIMIT).map((name) => ({ id: name, name })), source };
    },
  };
}
