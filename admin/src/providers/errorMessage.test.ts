import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import en from '../i18n/en';
import { errorMessage, requestErrorText } from './errorMessage';
import { loadAbout } from './about';

/** A translate over the English catalogue, like polyglot's (unknown keys come back as they are). */
const translate = (key: string, options: Record<string, unknown> = {}) =>
  String(key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key).replace(/%\{(\w+)\}/g, (_, name) => String(options[name]));

describe('errorMessage', () => {
  it('translates a known error code', () => {
    const error = new HttpError('Invalid username or password', 401, { code: 'auth.invalidCredentials', message: 'x' });
    expect(errorMessage(error, translate)).toBe('Invalid username or password');
  });

  it("shows the server's message when the code is unknown", () => {
    const error = new HttpError('Port name is too long', 400, { code: 'ports.nameTooLong', message: 'Port name is too long' });
    expect(errorMessage(error, translate)).toBe('Port name is too long');
  });

  it('prefers the fallback to a bare status text', () => {
    const error = new HttpError('Internal Server Error', 500, {});
    expect(errorMessage(error, translate, 'msg.vehicleCreateFailed')).toBe('Failed to create vehicle');
    expect(errorMessage(error, translate)).toBe('Error');
  });

  it('says the server cannot be reached when the request never got an answer', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), translate)).toBe(en.errors.network);
  });
});

describe('requestErrorText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("explains a proxy's 413 (an HTML page, not our JSON) with the server's limit", async () => {
    // nginx's own answer: no JSON body, only the status.
    const proxied = new HttpError('Request Entity Too Large', 413, undefined);
    expect(requestErrorText(proxied, translate, 'files.uploadFailed')).toBe('The file is larger than the server accepts');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ version: '1.0.0', uploadMaxMb: 25 }), { status: 200 }));
    await loadAbout();
    expect(requestErrorText(proxied, translate, 'files.uploadFailed')).toBe('The file is larger than the server accepts (25 MB at most)');
    // Our own 413 says it in its own words.
    const ours = new HttpError('Files are limited to 25 MB each', 413, { code: 'request.tooLarge', message: 'Files are limited to 25 MB each' });
    expect(requestErrorText(ours, translate, 'files.uploadFailed')).toBe('Files are limited to 25 MB each');
  });
});
