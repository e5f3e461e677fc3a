import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'ra-core';
import type { Role } from '@domain/roles';
import type { VehicleStatus } from '@domain/statuses';
import { API_URL, httpClient, sendJson } from './http';

/** GET /api/dashboard: everything the dashboard shows, scoped to the signed-in role. */
export interface DashboardData {
  counts: { vehicles: number; containers: number; ports: number; companies?: number; users?: number };
  byStatus: { status: VehicleStatus; count: number; vehicles: { id: number; vin: string; make: string | null; model: string | null; year: number | null }[] }[] | null;
  recentVehicles: { id: number; vin: string; make: string | null; model: string | null; year: number | null; status: VehicleStatus; createdAt: string }[];
  recentCompanies: { id: number; name: string; code: string; active: boolean; createdAt: string }[] | null;
}

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

const base = simpleRestProvider(API_URL, httpClient);

/**
 * ra-data-simple-rest on /api (same origin, session cookie), with the API's conventions:
 * updates go out as PATCH with only the fields the caller passes (the API updates partially), and
 * deletes read the record the API returns. Calls that are not CRUD are methods of their own.
 */
export const dataProvider = {
  ...base,

  update: async (resource, params) => {
    const json = await sendJson(`PATCH`, `/${resource}/${encodeURIComponent(params.id)}`, params.data);
    return { data: json as any };
  },

  updateMany: async (resource, params) => {
    const records = await Promise.all(
      params.ids.map((id) => sendJson<{ id: Identifier }>('PATCH', `/${resource}/${encodeURIComponent(id)}`, params.data)),
    );
    return { data: records.map((record) => record.id) };
  },

  delete: async (resource, params) => {
    const json = await sendJson('DELETE', `/${resource}/${encodeURIComponent(params.id)}`);
    return { data: json as any };
  },

  deleteMany: async (resource, params) => {
    const records = await Promise.all(
      params.ids.map((id) => sendJson<{ id: Identifier }>('DELETE', `/${resource}/${encodeURIComponent(id)}`)),
    );
    return { data: records.map((record) => record.id) };
  },

  /** PATCH /api/vehicles/{id}/status: the status dropdown of a vehicle row (recorded in its history). */
  setVehicleStatus: (id: Identifier, status: VehicleStatus) =>
    sendJson<Record<string, any>>('PATCH', `/vehicles/${encodeURIComponent(id)}/status`, { status }),

  getDashboard: () => sendJson<DashboardData>('GET', '/dashboard'),

  decodeVin: (vin: string) => sendJson<VinDecodeResult>('GET', `/vin/${encodeURIComponent(vin)}`),

  /** GET /api/vehicle-makes?q=: the first 100 makes whose name contains q. */
  getVehicleMakes: (q: string) => sendJson<{ id: string; name: string }[]>('GET', `/vehicle-makes?q=${encodeURIComponent(q)}`),

  /** POST /api/users/{id}/role: the change-role action of the users screen. */
  setUserRole: (id: Identifier, role: Role) =>
    sendJson<Record<string, unknown>>('POST', `/users/${encodeURIComponent(id)}/role`, { role }),

  /** POST /api/users/{id}/password: an administrator's reset; the user must change it at the next sign-in. */
  resetUserPassword: (id: Identifier, newPassword: string) =>
    sendJson<Record<string, unknown>>('POST', `/users/${encodeURIComponent(id)}/password`, { newPassword }),
} satisfies DataProvider;

export type AppDataProvider = typeof dataProvider;
