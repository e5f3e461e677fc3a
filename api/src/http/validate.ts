import { z } from 'zod';
import { badRequest } from './errors';

/** Field-by-field messages from a zod error, keyed by the dotted path. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses input at the edge: unknown keys are stripped by the schemas, a failure is a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'input'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const [field, message] = Object.entries(errors)[0];
  // A message that is already a sentence ("Container number is required") is shown as it is.
  const sentence = field === '_' || /^[A-Z]/.test(message);
  throw badRequest(sentence ? message : `Invalid ${what}: ${field}: ${message}`, errors);
}

const IdSchema = z.coerce.number({ error: 'must be a number' }).int().positive().max(2 ** 31 - 1);

/** A route's numeric id: anything else is a 400, never a database error. */
export function parseId(value: unknown, name = 'id'): number {
  const result = IdSchema.safeParse(value);
  if (!result.success || !/^\d+$/.test(String(value))) throw badRequest(`Invalid ${name}`, { [name]: 'must be a positive whole number' });
  return result.data;
}

/** Text fields: trimmed; empty becomes null where a field is optional. */
export const trimmed = (max: number) => z.string().trim().max(max);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Control characters (NUL among them) and invisible formatting characters (right-to-left
 * overrides, zero-width joiners): in an identifier such as a container, booking or seal number
 * they only make two numbers that look alike differ, or make one read backwards.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/u;
export const withoutHiddenCharacters = (value: string) => !HIDDEN_CHARACTERS.test(value);
export const HIDDEN_CHARACTERS_MESSAGE = 'must not contain control or invisible formatting characters';

/** optionalText for identifiers: no control or invisible formatting characters. */
export const optionalIdentifier = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(withoutHiddenCharacters, { error: HIDDEN_CHARACTERS_MESSAGE })
    .nullish()
    .transform((v) => (v ? v : null));
