/**
 * Every `code` the API puts in an error body ({ message, code, errors? }, DESIGN.md §3).
 * The console translates a known code through the message key `errors.<code>`; an unknown one
 * shows the server's message as it is.
 */
export const ERROR_CODES = [
  'auth.invalidCredentials', // 401 wrong username or password (one message for both)
  'auth.tooManyAttempts', // 429 login throttled (Retry-After says when to try again)
  'auth.tooManyRegistrations', // 429 registrations from one address limited
  'auth.required', // 401 not signed in, session gone, user deleted or inactive
  'auth.companyInactive', // 401 the user's company was deactivated (at sign-in: auth.invalidCredentials)
  'auth.pendingApproval', // 403 the account waits for approval
  'auth.mustChangePassword', // 403 the password was reset (or generated): change it to continue
  'auth.wrongPassword', // 400 the current password given to change it is not right
  'auth.forbidden', // 403 'You are not authorized to access this page'
  'auth.crossSite', // 403 foreign Origin / Sec-Fetch-Site cross-site
  'validation.failed', // 400 body, params or query invalid (errors: { field: message })
  'request.malformedJson', // 400
  'request.malformedText', // 400: text that is not valid Unicode (a lone surrogate)
  'request.tooDeep', // 400: a JSON body nested deeper than the limit
  'request.badEncoding', // 400: a body whose Content-Encoding does not decode
  'request.tooLarge', // 413
  'request.tooManyFiles', // 413: more files than one upload takes
  'request.tooManyPixels', // 413: the images of one upload decode to too many pixels
  'request.unsupportedMediaType', // 415
  'request.methodNotAllowed', // 405 a known endpoint, another method
  'notFound', // 404 unknown route, or a record that is not yours
  'conflict.duplicate', // 409 unique value taken (code, username, VIN, container number)
  'conflict.reference', // 409 a row still referenced elsewhere
  'idempotency.keyReused', // 422: an Idempotency-Key sent again with another request
  'idempotency.inProgress', // 409: the first request with this Idempotency-Key is still running
  'idempotency.storedUnanswered', // 409: the first request with this key was stored but its answer lost (an upload or invoice)
  'ports.inUse', // 409: a port that containers or vehicles name is not deleted
  'storage.full', // 507: the server's disk is full; nothing was stored
  'users.superAdminProtected', // 403 a SUPER_ADMIN cannot be deleted nor have its role changed
  'users.selfChange', // 403 nobody changes their own role or company
  'users.companyRequired', // 400 COMPANY_ADMIN, SHIPPER and BUYER need a company
  'demo.installNotEmpty', // 409 the demo data goes only into an install without companies
  'service.unavailable', // 503 database (or another dependency) down
  'service.schemaMismatch', // 503 (health) the database's schema is not the one this version needs
  'import.tooManyRows', // 413: a spreadsheet of more rows than one import takes
  'import.unreadableFile', // 400: a .csv or .xlsx that cannot be read as one
  'import.missingColumn', // 400: the sheet lacks a column every row needs (VIN, container number)
  'import.noRows', // 400: a sheet with headings and no row
  'import.rowErrors', // 422: rows with errors; nothing was imported (body: the dry run's answer)
  'tracking.tooManyGuesses', // 429: too many unknown tracking links asked for from one address
  'internal', // 500
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
