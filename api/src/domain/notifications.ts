import type { Role } from './roles';

/**
 * What users are told, and who (docs/decisions.md, "Notifications"). Pure: the API writes them and
 * mails them (resources/notifications), the console shows them in its bell.
 */
export const NOTIFICATION_KINDS = ['vehicleStatusChanged', 'registrationPending', 'documentOverdue'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The facts a notification's text is made of, kept with it (the vehicle may change later). */
export type NotificationParams = {
  vin?: string;
  make?: string | null;
  model?: string | null;
  fromStatus?: string | null;
  toStatus?: string;
  username?: string;
  documentKind?: string;
  dueDate?: string;
};

/**
 * Whose role is told of each kind: a vehicle's buyer of its status; the super admins of a
 * registration waiting for approval; a company's shippers and administrators of an overdue
 * document (the container's shipper when it names one, else every shipper of the company).
 */
export const NOTIFIED_ROLES = {
  vehicleStatusChanged: ['BUYER'],
  registrationPending: ['SUPER_ADMIN'],
  documentOverdue: ['SHIPPER', 'COMPANY_ADMIN'],
} as const satisfies Record<NotificationKind, readonly Role[]>;

/** The administrators told of an overdue document (besides the shippers). */
export const OVERDUE_ADMIN_ROLES = ['COMPANY_ADMIN'] as const satisfies readonly Role[];
/** The shippers told of an overdue document when its container names none. */
export const OVERDUE_SHIPPER_ROLES = ['SHIPPER'] as const satisfies readonly Role[];
