import type { ErrorCode } from '../domain/errorCodes';

/** An error the client should see as it is: status, a readable message and a stable code. */
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

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, 'validation.failed', message, errors);
export const notFound = (message = 'Not found') => new HttpError(404, 'notFound', message);
export const forbidden = (message = FORBIDDEN_MESSAGE, code: ErrorCode = 'auth.forbidden') =>
  new HttpError(403, code, message);
export const conflict = (message: string) => new HttpError(409, 'conflict.duplicate', message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, 'auth.required', message);
