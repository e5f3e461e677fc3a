import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'ra-core';
import { API_URL, httpClient, sendJson } from './http';
import { jsonRequest, sendOnce } from './submissionKeys';
import { isCappedTotal } from './cappedTotal';

const base = simpleRestProvider(API_URL, httpClient);

/** A record's path, or one of its own routes when `meta.action` names one. */
const recordRoute = (resource: string, id: Identifier, meta?: { action?: unknown }) =>
  `/${resource}/${encodeURIComponent(id)}${typeof meta?.action === 'string' ? `/${encodeURIComponent(meta.action)}` : ''}`;

/**
 * ra-data-simple-rest on /api (same origin, session cookie), with the API's conventions:
 * updates go out as PATCH with only the fields the caller passes (the API updates partially), and
 * deletes read the record the API returns. Calls that are not CRUD live in the api.ts of their
 * resource's folder (vehicles/api.ts, users/api.ts, ...), beside the screens that make them.
 */
export const dataProvider = {
  ...base,

  // A search's total is counted up to a bound (docs/api.md): past it, the answer gives the bound
  // and X-Total-Capped, passed on as meta.totalCapped for the pagination to show "10,000+".
  getList: async (resource, params) => {
    let capped = false;
    const reading: typeof httpClient = async (url, options) => {
      const response = await httpClient(url, options);
      capped = isCappedTotal(response.headers);
      return response;
    };
    const result = await simpleRestProvider(API_URL, reading).getList(resource, params);
    return capped ? { ...result, meta: { ...result.meta, totalCapped: true } } : result;
  },

  // One Idempotency-Key per submission (submissionKeys.ts): when a Save that failed (a 503, a lost
  // answer) is clicked again with the same data, the server answers the first result rather than
  // storing a duplicate or answering "already exists" (docs/api.md).
  create: async (resource, params) => {
    const json = await sendOnce(jsonRequest(`${API_URL}/${resource}`, params.data), (key) =>
      sendJson<{ id: Identifier }>('POST', `/${resource}`, params.data, { 'Idempotency-Key': key }),
    );
    return { data: json as any };
  },

  // `meta.action` names a record's own route for one change (e.g. 'status': PATCH
  // /vehicles/{id}/status), so that change can use react-admin's undoable mode like any update;
  // updateMany sends it for each record (the bulk bar's status change takes the row's route).
  // A record's own route answers only what it changed (a status change: {id, status, updatedAt}),
  // not the whole record: the record is what it was with those fields.
  update: async (resource, params) => {
    const json = await sendJson<Record<string, unknown>>(`PATCH`, recordRoute(resource, params.id, params.meta), params.data);
    return { data: (typeof params.meta?.action === 'string' ? { ...params.previousData, ...json } : json) as any };
  },

  updateMany: async (resource, params) => {
    const records = await Promise.all(
      params.ids.map((id) => sendJson<{ id: Identifier }>('PATCH', recordRoute(resource, id, params.meta), params.data)),
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

} satisfies DataProvider;
