import { z } from 'zod';

const name = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200);
/** Codes are short identifiers, kept upper-case so "acme" and "ACME" are one code on both engines. */
const code = z
  .string({ error: 'is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'is required' })
  .max(50)
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: 'may hold letters, digits, dot, dash and underscore only' });

export const CompanyCreateSchema = z.object({ name, code, active: z.boolean().default(true) });
export const CompanyUpdateSchema = z.object({ name, code, active: z.boolean() }).partial();
