import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import en from '../i18n/en';
import { errorMessage } from './errorMessage';

/** A translate over the English catalogue, like polyglot's (unknown keys come back as they are). */
const translate = (key: string) =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key;

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
