import type { ErrorCode } from './errorCodes';

/**
 * What went wrong, said in the domain's words. Services and rules throw these; the HTTP layer
 * alone turns a kind into a status (api/src/http/errorMiddleware.ts), so nothing below it needs
 * to know about HTTP.
 */
export type ErrorKind =
  | 'invalid' // the input breaks a rule
  | 'unauthorized' // nobody (or nobody active) is signed in
  | 'forbidden' // signed in, but not allowed
  | 'notFound' // no such record, or not the caller's
  | 'conflict' // a unique value taken, a record still in use
  | 'tooLarge' // more bytes, files or pixels than accepted
  | 'unsupportedMediaType' // a file or body of a type not accepted
  | 'rateLimited' // too many attempts for now
  | 'dependencyFailed' // a service we rely on (the local AI) answered wrongly
  | 'unavailable' // a service we rely on (database, local AI) does not answer
  | 'dependencyTimedOut'; // a service we rely on took too long

/** The client reads `code` (stable, translated by the console) and `message`; `errors` names fields. */
export class DomainError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: Record<string, string>,
    /** Figures the client may show beside the message (a port's use: `{ containers, vehicles }`). */
    public readonly details?: Record<string, number>,
  ) {
    super(message);
  }
}
