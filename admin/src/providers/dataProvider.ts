import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'ra-core';
import type { Role } from '@domain/roles';
import { API_URL, httpClient, sendJson } from './http';

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

  /** POST /api/users/{id}/role: the change-role action of the users screen. */
  setUserRole: (id: Identifier, role: Role) =>
    sendJson<Record<string, unknown>>('POST', `/users/${encodeURIComponent(id)}/role`, { role }),
} satisfies DataProvider;

export type AppDataProvider = typeof dataProvider;
