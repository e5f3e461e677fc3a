import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import en from '../i18n/en';
import { apiError, fetchOk, httpClient, responseError, sendJson } from './http';
import { errorMessage } from './errorMessage';
import { downloadToDisk } from './download';

const translate = (key: string) =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key;

const answer = (status: number, statusText: string, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });

/** Every fetch answers this once more. */
const stubFetch = (make: () => Response) => vi.stubGlobal('fetch', vi.fn(async () => make()));

afterEach(() => vi.unstubAllGlobals());

/** The error a call rejects with. */
const failureOf = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('the call did not fail');
};

describe('errors of non-OK answers (SPEC.md §7)', () => {
  it('reads "status: message", else "status: status text"', () => {
    expect(apiError(404, 'Not Found', { message: 'Vehicle not found', code: 'vehicles.notFound' }).message).toBe('404: Vehicle not found');
    expect(apiError(502, 'Bad Gateway', undefined).message).toBe('502: Bad Gateway');
    expect(apiError(500, 'Internal Server Error', { message: '' }).message).toBe('500: Internal Server Error');
    const error = apiError(409, 'Conflict', { message: 'x', code: 'companies.duplicateCode' });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'x', code: 'companies.duplicateCode' });
  });

  it('is what the JSON client raises', async () => {
    stubFetch(() => answer(403, 'Forbidden', { message: 'You are not authorized to access this page', code: 'auth.forbidden' }));
    const error = await failureOf(() => sendJson('GET', '/users'));
    expect(error.message).toBe('403: You are not authorized to access this page');
    expect(error.status).toBe(403);
    stubFetch(() => answer(503, 'Service Unavailable'));
    expect((await failureOf(() => httpClient('/api/ports'))).message).toBe('503: Service Unavailable');
  });

  it('is what file downloads, invoices (fetchOk) and uploads raise', async () => {
    stubFetch(() => answer(404, 'Not Found', { message: 'File not found', code: 'files.notFound' }));
    expect((await failureOf(() => downloadToDisk('/api/documents/1/download', 'x.pdf'))).message).toBe('404: File not found');
    expect((await failureOf(() => fetchOk('/api/invoices/1/download'))).message).toBe('404: File not found');
    stubFetch(() => answer(500, 'Internal Server Error', 'not an object'));
    expect((await failureOf(() => fetchOk('/api/invoice', { method: 'POST', body: '{}' }))).message).toBe('500: Internal Server Error');
    stubFetch(() => answer(415, 'Unsupported Media Type', { message: 'Only PDF, DOC and DOCX files are allowed', code: 'files.type' }));
    expect((await responseError(answer(418, "I'm a teapot"))).message).toBe("418: I'm a teapot");
  });

  it('still lets a toast show the translated code, or the server message', async () => {
    stubFetch(() => answer(401, 'Unauthorized', { message: 'Invalid username or password', code: 'auth.invalidCredentials' }));
    const known = await failureOf(() => sendJson('POST', '/login', {}));
    expect(errorMessage(known, translate)).toBe(en.errors.auth.invalidCredentials);
    stubFetch(() => answer(400, 'Bad Request', { message: 'Port name is too long', code: 'ports.somethingNew' }));
    expect(errorMessage(await failureOf(() => sendJson('POST', '/ports', {})), translate)).toBe('Port name is too long');
    stubFetch(() => answer(500, 'Internal Server Error'));
    expect(errorMessage(await failureOf(() => sendJson('GET', '/ports')), translate, 'msg.vehicleCreateFailed')).toBe('Failed to create vehicle');
  });
});
