import { codeOf, statusOf } from '../providers/http';
import { requestErrorText } from '../providers/errorMessage';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a user reads when the local AI fails: a plain sentence by the kind of failure (down or
 * without its model, too slow, an unusable answer), never the API's message, which names the
 * Ollama address and the settings for the operator's logs. Where the AI lives and what to set is
 * for a super admin, in the AI status line. Other failures (no photos, an unreadable image) keep
 * the usual text.
 */
export function aiErrorText(error: unknown, translate: Translate, fallbackKey: string): string {
  const status = statusOf(error);
  if (codeOf(error) === 'service.unavailable' || status === 502 || status === 503 || status === 504) {
    return translate(status === 504 ? 'ai.errors.timeout' : status === 502 ? 'ai.errors.badAnswer' : 'ai.errors.unavailable');
  }
  return requestErrorText(error, translate, fallbackKey);
}
