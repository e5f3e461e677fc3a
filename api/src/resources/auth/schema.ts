import { z } from 'zod';
import { LANGUAGES } from '../../domain/languages';
import { THEMES } from '../../domain/themes';

export const PASSWORD_MIN_LENGTH = 12;

/** Usernames are e-mail addresses, compared without case. */
export const usernameSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }).max(254));

/**
 * The new-password rule, one for every way a password is set (registration, an account made or
 * reset by an administrator, the user's own change): 12 to 256 characters, and not the username
 * (in any case). `newPasswordSchema` is its length; the username part needs the username, from
 * the same body (`passwordNotUsername`) or from the account (`newPasswordFor`).
 */
export const newPasswordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256, { error: 'must be at most 256 characters' });

const PASSWORD_IS_USERNAME = 'must not be the username';
/** Compared as the hash sees a password (NFKC), without case and surrounding spaces. */
const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();
const isTheUsername = (password: string, username: string) => fold(password) === fold(username);

/** The new-password rule for an account whose username is known. */
export const newPasswordFor = (username: string) =>
  newPasswordSchema.refine((password) => !isTheUsername(password, username), { error: PASSWORD_IS_USERNAME });

/** The username part of the rule where the username comes in the same body as the password. */
export function passwordNotUsername(value: { username: string; password: string }, ctx: z.RefinementCtx) {
  if (isTheUsername(value.password, value.username)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_USERNAME });
}

/** Registration takes these two fields only; anything else in the body is dropped. */
export const RegisterSchema = z.object({ username: usernameSchema, password: newPasswordSchema }).superRefine(passwordNotUsername);

export const LoginSchema = z.object({
  username: z.string({ error: 'is required' }).trim().toLowerCase().min(1, { error: 'is required' }).max(254),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(256),
});

/** POST /api/user/password. Whether the new one differs from the current is known once that is checked. */
export const passwordChangeSchema = (username: string) =>
  z.object({
    currentPassword: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(256),
    newPassword: newPasswordFor(username),
  });

/** The same password, as the hash sees it. */
export const samePassword = (a: string, b: string) => a.normalize('NFKC') === b.normalize('NFKC');

/** PATCH /api/user: the account's own settings, its language and theme; each may be left out. */
export const AccountSettingsSchema = z
  .object({
    language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}, or null` }).nullable(),
    theme: z.enum(THEMES, { error: `must be one of ${THEMES.join(', ')}` }),
  })
  .partial();
