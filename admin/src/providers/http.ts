import { fetchUtils, HttpError } from 'ra-core';
import { filesRequest, sendOnce } from './submissionKeys';

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

/**
 * While the page is being left (hidden, reloaded, closed), calls go with fetch `keepalive`: the
 * browser finishes them after the page is gone (the changes waiting for Undo, providers/pendingChanges).
 */
let leavingPage = false;
export const setLeavingPage = (leaving: boolean) => {
  leavingPage = leaving;
};

export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include', ...(leavingPage ? { keepalive: true } : {}) });
  } catch (error) {
    // fetchJson's own error text is the body's message, else the status text.
    if (error instanceof HttpError) throw apiError(error.status, error.message, error.body);
    throw error;
  }
};

/** POST/PATCH a JSON body to an /api path and return the parsed answer. */
export async function sendJson<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { Accept: 'application/json', ...headers },
  });
  return json as T;
}

/** How far an upload's body has gone: bytes sent of the total (the multipart body, not the file). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SendFilesOptions {
  /** Called as the body leaves the browser, and once more when all of it has been sent. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it stops the upload at once: the server drops the half-received body. */
  signal?: AbortSignal;
  /** Form fields sent before the files (a vehicle document's `documentKind`). */
  fields?: Record<string, string>;
}

/** The error an aborted upload rejects with: the same as an aborted fetch's. */
const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * The one upload of the console: a multipart body with every file under the field name `file`
 * (DESIGN.md §3), to an /api path, and the parsed answer. It goes through XMLHttpRequest because
 * fetch() cannot tell how much of a body has been sent; a non-OK answer rejects with the same
 * error as the JSON calls, a network failure with a TypeError (as fetch does), an abort with an
 * AbortError. The browser sets the multipart Content-Type with its boundary, so none is given here.
 */
export function sendFiles<T = unknown>(method: 'POST' | 'PUT', path: string, files: File[], options: SendFilesOptions = {}): Promise<T> {
  // A POST creates: it goes with its submission's Idempotency-Key (submissionKeys.ts).
  // The fields are part of what the submission is: the same file sent as another kind is another one.
  const fields = options.fields ? ` ${JSON.stringify(options.fields)}` : '';
  if (method === 'POST') return sendOnce(filesRequest(`${API_URL}${path}${fields}`, files), (key) => sendMultipart<T>(method, path, files, options, key));
  return sendMultipart<T>(method, path, files, options);
}

function sendMultipart<T>(method: 'POST' | 'PUT', path: string, files: File[], options: SendFilesOptions, idempotencyKey?: string): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    for (const file of files) body.append('file', file, file.name);
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    request.open(method, `${API_URL}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) request.setRequestHeader('Idempotency-Key', idempotencyKey);
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    request.addEventListener('load', () =>
      settle(() => {
        let json: unknown;
        try {
          json = request.responseText ? JSON.parse(request.responseText) : undefined;
        } catch {
          json = undefined;
        }
        if (request.status >= 200 && request.status < 300) resolve(json as T);
        else reject(apiError(request.status, request.statusText, json));
      }),
    );
    request.addEventListener('error', () => settle(() => reject(new TypeError('Failed to fetch'))));
    request.addEventListener('timeout', () => settle(() => reject(new TypeError('Failed to fetch'))));
    request.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.send(body);
  });
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
