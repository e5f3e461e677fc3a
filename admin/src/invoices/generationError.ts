import { bodyOf, statusOf } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import { fieldMessageKey } from '../companyProfile/vat';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The API's sentences about an invoice request that the console has in both languages. */
const KNOWN_MESSAGES: Record<string, string> = {
  'Please select at least one container': 'invoice.selectContainer',
  'One or more containers were not found': 'invoice.containersNotFound',
  'All containers of an invoice must belong to one company': 'invoice.oneCompany',
};

/**
 * What to say when generating failed: a known sentence in the page's language; the server's
 * sentence for a 400 (e.g. 'Buyer name is required'); for a 400 that names a field, the general
 * "check the form" (the field itself shows the detail); sign-in, permission and network problems
 * as everywhere; anything else invoice.generationError ('Failed to generate invoice').
 */
export function generationErrorMessage(error: unknown, translate: Translate): string {
  const message = bodyOf(error)?.message;
  if (message && KNOWN_MESSAGES[message]) return translate(KNOWN_MESSAGES[message]);
  const status = statusOf(error);
  if (status === 400 && message) return /^Invalid \w+: /.test(message) ? translate('errors.validation.failed') : message;
  if (status === 401 || status === 403 || error instanceof TypeError) return errorMessage(error, translate, 'invoice.generationError');
  return translate('invoice.generationError');
}

/** Field errors of a 400 that belong to a field of the form. */
export function generationFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = bodyOf(error)?.errors;
  if (!errors) return undefined;
  const fields = Object.entries(errors)
    .filter(([field]) => field !== 'containerIds' && field !== '_')
    .map(([field, message]) => [field, fieldMessageKey(message)]);
  return fields.length ? Object.fromEntries(fields) : undefined;
}
