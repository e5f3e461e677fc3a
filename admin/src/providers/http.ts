import { fetchUtils, HttpError } from 'ra-core';

/** Every call goes to the same origin under /api, with the session cookie. */
export const API_URL = '/api';

/**
 * The error of a non-OK answer (SPEC.md §7): its text is the status code, a colon and a space, then
 * the `message` of the JSON body, else the status text ("404: Vehicle not found"). The body stays
 * on the error, so toasts can still show the translation of its `code` (errorMessage.ts).
 */
export function apiError(status: number, statusText: string, body: unknown): HttpError {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  const text = typeof message === 'string' && message !== '' ? message : statusText;
  return new HttpError(`${status}: ${text}`, status, body);
}

/** apiError for a fetch Response (its body read as JSON when it is JSON). */
export async function responseError(response: Response): Promise<HttpError> {
  const body = await response.json().catch(() => undefined);
  return apiError(response.status, response.statusText, body);
}

export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    // fetchJson's own error text is the body's message, else the status text.
    if (error instanceof HttpError) throw apiError(error.status, error.message, error.body);
    throw error;
  }
};

/** POST/PATCH a JSON body to an /api path and return the parsed answer. */
export async function sendJson<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

/**
 * The one upload of the console: a multipart body with every file under the field name `file`
 * (DESIGN.md §3), to an /api path, and the parsed answer. The browser sets the multipart
 * Content-Type with its boundary, so none is given here.
 */
export async function sendFiles<T = unknown>(method: 'POST' | 'PUT', path: string, files: File[]): Promise<T> {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  const { json } = await httpClient(`${API_URL}${path}`, { method, body });
  return json as T;
}

/**
 * A call whose answer is not JSON (a PDF, a ZIP, any stored file), by its full address (the same
 * one an <img> or a link would use): the session cookie goes with it, and a non-OK answer rejects
 * with the same error as the JSON calls.
 */
export async function fetchOk(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, credentials: 'include' });
  if (!response.ok) throw await responseError(response);
  return response;
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
