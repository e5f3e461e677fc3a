import { fetchUtils, HttpError } from 'ra-core';

/** Every call goes to the same origin under /api, with the session cookie. */
export const API_URL = '/api';

export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
};

/** POST/PATCH a JSON body to an /api path and return the parsed answer. */
export async function sendJson<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

/** The API's error body (DESIGN.md §3). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof HttpError || (typeof error === 'object' && error !== null && 'status' in error)
    ? (error as { status?: number }).status
    : undefined;

export const bodyOf = (error: unknown): ApiErrorBody | undefined => {
  const body = (error as { body?: unknown } | null)?.body;
  return body && typeof body === 'object' ? (body as ApiErrorBody) : undefined;
};

export const codeOf = (error: unknown): string | undefined => bodyOf(error)?.code;
