import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ar from '../i18n/ar';
import {
  PROBLEM_KEYS,
  newPasswordProblem,
  passwordChangeProblems,
  passwordResetProblems,
  serverPasswordProblems,
} from './passwordRules';

const USERNAME = 'shipper@example.com';

describe('newPasswordProblem', () => {
  it('wants 12 to 256 characters', () => {
    expect(newPasswordProblem('', {})).toBe('required');
    expect(newPasswordProblem('a'.repeat(11), {})).toBe('tooShort');
    expect(newPasswordProblem('a'.repeat(12), {})).toBeUndefined();
    expect(newPasswordProblem('a'.repeat(256), {})).toBeUndefined();
    expect(newPasswordProblem('a'.repeat(257), {})).toBe('tooLong');
  });

  it('refuses the username, whatever its case and surrounding spaces', () => {
    expect(newPasswordProblem(USERNAME, { username: USERNAME })).toBe('sameAsUsername');
    expect(newPasswordProblem(' Shipper@Example.com ', { username: USERNAME })).toBe('sameAsUsername');
    expect(newPasswordProblem('shipper@example.org', { username: USERNAME })).toBeUndefined();
  });

  it('refuses the current password, exactly (passwords are case-sensitive)', () => {
    expect(newPasswordProblem('my-old-password-1', { currentPassword: 'my-old-password-1' })).toBe('sameAsCurrent');
    expect(newPasswordProblem('My-old-password-1', { currentPassword: 'my-old-password-1' })).toBeUndefined();
  });

  it('says the length first: a short username is still "too short"', () => {
    expect(newPasswordProblem('a@b.co', { username: 'a@b.co' })).toBe('tooShort');
  });
});

describe('passwordChangeProblems', () => {
  it('finds nothing in a good change', () => {
    expect(passwordChangeProblems({ currentPassword: 'old-password-123', newPassword: 'a-new-password-456', confirm: 'a-new-password-456' }, USERNAME)).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(passwordChangeProblems({ currentPassword: '', newPassword: 'short', confirm: 'shorter' }, USERNAME)).toEqual({
      currentPassword: 'required',
      newPassword: 'tooShort',
      confirm: 'mismatch',
    });
    expect(passwordChangeProblems({ currentPassword: 'same-password-123', newPassword: 'same-password-123', confirm: 'same-password-123' }, USERNAME)).toEqual({
      newPassword: 'sameAsCurrent',
    });
    expect(passwordChangeProblems({ currentPassword: 'x', newPassword: USERNAME, confirm: USERNAME }, USERNAME)).toEqual({ newPassword: 'sameAsUsername' });
  });
});

describe('passwordResetProblems', () => {
  it("refuses the target's username and a confirmation that differs", () => {
    expect(passwordResetProblems({ newPassword: USERNAME, confirm: USERNAME }, USERNAME)).toEqual({ newPassword: 'sameAsUsername' });
    expect(passwordResetProblems({ newPassword: 'temporary-pass-1', confirm: 'temporary-pass-2' }, USERNAME)).toEqual({ confirm: 'mismatch' });
    expect(passwordResetProblems({ newPassword: 'temporary-pass-1', confirm: 'temporary-pass-1' }, USERNAME)).toEqual({});
  });
});

describe('serverPasswordProblems', () => {
  it('puts a wrong current password on its field', () => {
    expect(serverPasswordProblems({ code: 'auth.wrongPassword' }, { newPassword: 'a-new-password-456' })).toEqual({ currentPassword: 'wrongCurrent' });
  });

  it("reads the server's English field message as one of our rules", () => {
    const sent = { newPassword: 'a-new-password-456', username: USERNAME, currentPassword: 'old-password-123' };
    const read = (message: string) => serverPasswordProblems({ code: 'validation.failed', errors: { newPassword: message } }, sent).newPassword;
    expect(read('must be at least 12 characters')).toBe('tooShort');
    expect(read('must not be the username')).toBe('sameAsUsername');
    expect(read('must differ from the current password')).toBe('sameAsCurrent');
    expect(read('must be at most 256 characters')).toBe('tooLong');
  });

  it('prefers the rule the sent password breaks over the words', () => {
    const body = { code: 'validation.failed', errors: { newPassword: 'is not allowed' } };
    expect(serverPasswordProblems(body, { newPassword: USERNAME, username: USERNAME }).newPassword).toBe('sameAsUsername');
  });

  it('keeps a message it cannot read, to show as it is', () => {
    const body = { code: 'validation.failed', errors: { newPassword: 'is on a list of leaked passwords' } };
    expect(serverPasswordProblems(body, { newPassword: 'a-new-password-456' })).toEqual({ text: { newPassword: 'is on a list of leaked passwords' } });
  });

  it('finds nothing in an answer about something else', () => {
    expect(serverPasswordProblems({ code: 'auth.tooManyAttempts' }, { newPassword: 'a-new-password-456' })).toEqual({});
    expect(serverPasswordProblems(undefined, { newPassword: 'a-new-password-456' })).toEqual({});
  });
});

describe('messages', () => {
  type Tree = { [key: string]: string | Tree };
  const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  it('has every problem in both languages', () => {
    for (const key of Object.values(PROBLEM_KEYS)) {
      expect(typeof lookup(en as unknown as Tree, key), key).toBe('string');
      expect(typeof lookup(ar as unknown as Tree, key), key).toBe('string');
    }
  });
});
