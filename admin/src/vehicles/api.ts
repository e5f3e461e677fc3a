import type { Identifier } from 'react-admin';
import { sendJson } from '../providers/http';

/** GET /api/vin/{vin}: the public vehicle database's answer, or the bundled decoder's. */
export interface VinDecodeResult {
  vin: string;
  make: string | null;
  model: string | null;
  year: number | null;
  vehicleInfo: Record<string, string>;
  source: 'vpic' | 'offline';
  checkDigitValid: boolean;
}

export const decodeVin = (vin: string) => sendJson<VinDecodeResult>('GET', `/vin/${encodeURIComponent(vin)}`);

/** GET /api/vehicle-makes?q=: the first 100 makes whose name contains q. */
export const fetchVehicleMakes = (q: string) => sendJson<{ id: string; name: string }[]>('GET', `/vehicle-makes?q=${encodeURIComponent(q)}`);
