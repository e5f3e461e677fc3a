/**
 * The record of events' vocabulary, shared by the API (resources/auditLog) and the console's
 * Activity page and history panels.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'signIn', 'signOut', 'signInFailed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = ['companies', 'users', 'ports', 'containers', 'vehicles', 'files', 'documents', 'invoices'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** An update's changed fields, each from what to what. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Fields whose values never enter an event (secrets), whatever record they are on. */
const SECRET = /password|hash|token|secret|session/i;
/** Named like a secret, but a plain fact an administrator reads: whether the user must choose a new password. */
const NOT_SECRET = new Set(['mustChangePassword']);
const isSecret = (key: string) => SECRET.test(key) && !NOT_SECRET.has(key);

/** What a secret's change is recorded as: that it changed, never its value. */
export const REDACTED = '[redacted]';

/**
 * Book-keeping the writers keep on every change, and what the models work out from the stored
 * values (check digits, whether a country is a code): nothing a reader of the record needs.
 */
const NOT_RECORDED = new Set(['id', 'createdAt', 'updatedAt', 'documentsDueAt', 'statusRank', 'vinCheckDigitValid', 'numberCheckDigitValid', 'countryIsCode']);

/** Nothing, however written: absent, null, or an empty object (vehicleInfo without a field). */
const orNull = (value: unknown) => (value && typeof value === 'object' && !Object.keys(value).length ? null : (value ?? null));
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(orNull(a)) === JSON.stringify(orNull(b));

/**
 * The fields of `fields` (or of both rows) whose values differ between `before` and `after`, each
 * `{from, to}`; a secret that changed is recorded as changed with its values redacted. Null when
 * nothing changed.
 */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>, fields?: readonly string[]): Changes | null {
  const changes: Changes = {};
  const keys = fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (NOT_RECORDED.has(key) || !(key in after)) continue;
    if (same(before[key], after[key])) continue;
    changes[isSecret(key) ? 'password' : key] = isSecret(key) ? { from: REDACTED, to: REDACTED } : { from: before[key] ?? null, to: after[key] ?? null };
  }
  return Object.keys(changes).length ? changes : null;
}

/** A created record's own fields for its event: its values, secrets left out. */
export function createdFields(row: Record<string, unknown>): Changes | null {
  return diffChanges({}, row);
}
