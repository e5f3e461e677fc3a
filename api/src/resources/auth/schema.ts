import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;

/** Usernames are e-mail addresses, compared without case. */
export const usernameSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }).max(254));

export const newPasswordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256, { error: 'must be at most 256 characters' });

/** Registration takes these two fields only; anything else in the body is dropped. */
export const RegisterSchema = z.object({ username: usernameSchema, password: newPasswordSchema });

export const LoginSchema = z.object({
  username: z.string({ error: 'is required' }).trim().toLowerCase().min(1, { error: 'is required' }).max(254),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(256),
});
