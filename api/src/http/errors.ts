import type { ErrorCode } from '../domain/errorCodes';
import { DomainError } from '../domain/errors';

/**
 * An error that only HTTP can name (405 for a known path's wrong method, a body that is not
 * JSON), or a status given directly where the code has not been moved to a DomainError yet. It
 * carries its status; errorMiddleware answers with it as it is.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const FORBIDDEN_MESSAGE = 'You are not authorized to access this page';

// The usual refusals, as domain errors: errorMiddleware gives each its status.
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new DomainError('invalid', 'validation.failed', message, errors);
export const notFound = (message = 'Not found') => new DomainError('notFound', 'notFound', message);
export const forbidden = (message = FORBIDDEN_MESSAGE, code: ErrorCode = 'auth.forbidden') =>
  new DomainError('forbidden', code, message);
export const conflict = (message: string) => new DomainError('conflict', 'conflict.duplicate', message);
export const unauthorized = (message = 'Please sign in', code: ErrorCode = 'auth.required') => new DomainError('unauthorized', code, message);
