import { ERROR_CODES } from '@domain/errorCodes';
import { bodyOf, codeOf, statusOf } from './http';
import { aboutNow } from './about';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const KNOWN = new Set<string>(ERROR_CODES);

/**
 * The text to show for a failed call: the translation of the server's `code` (key `errors.<code>`)
 * when the console knows it, otherwise the server's message, otherwise `fallbackKey` (also when the
 * answer had no message, only a status text).
 * A fetch that never reached the server (status 0 / TypeError) gets `errors.network`.
 */
export function errorMessage(error: unknown, translate: Translate, fallbackKey = 'msg.error'): string {
  const code = codeOf(error);
  if (code && KNOWN.has(code)) return translate(`errors.${code}`);
  if (error instanceof TypeError || statusOf(error) === 0) return translate('errors.network');
  // An answer without a message of its own carries only the status text ("Internal Server
  // Error"): the fallback says more about what failed.
  const message = statusOf(error) !== undefined ? bodyOf(error)?.message : error instanceof Error ? error.message : undefined;
  if (message && !/^\d{3}$/.test(message)) return message;
  return translate(fallbackKey);
}

/** Field errors from a 400 `{ errors: { field: message } }`, ready for a react-hook-form form. */
export const fieldErrorsOf = (error: unknown): Record<string, string> | undefined => bodyOf(error)?.errors;

/**
 * The text for a failed upload or analysis: the server's own sentence when it says what went
 * wrong with this request (wrong type, too large, AI down: it says what to do), the usual
 * translated message otherwise.
 */
export function requestErrorText(error: unknown, translate: Translate, fallbackKey: string): string {
  const status = statusOf(error);
  const message = bodyOf(error)?.message;
  if (message && status !== undefined && [400, 413, 415, 502, 503, 504].includes(status)) return message;
  // A 413 without our JSON: a proxy in front (nginx's client_max_body_size) refused the body.
  if (status === 413) {
    const limit = aboutNow()?.uploadMaxMb;
    return limit ? translate('files.tooLargeForServer', { limit }) : translate('files.tooLargeForServerNoLimit');
  }
  return errorMessage(error, translate, fallbackKey);
}
