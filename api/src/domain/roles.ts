/** The four roles of SPEC.md §1, in order of reach. */
export const ROLES = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const;
export type Role = (typeof ROLES)[number];

/** The platform's own administrator: every company, and the first account a new install makes. */
export const SUPER_ADMIN_ROLE: Role = 'SUPER_ADMIN';

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Every role but SUPER_ADMIN works inside one company and needs one. */
export const roleNeedsCompany = (role: Role): boolean => role !== SUPER_ADMIN_ROLE;

/**
 * Roles an administrator chooses from when approving a registration, with none chosen for them:
 * SPEC.md §4 names Shipper and Buyer; a company's first user is often its administrator, so
 * Company admin is offered too (docs/decisions.md).
 */
export const APPROVAL_ROLES = ['SHIPPER', 'BUYER', 'COMPANY_ADMIN'] as const satisfies readonly Role[];

/** Roles of the add-user dialog, Shipper first and by default (SPEC.md §5). */
export const NEW_USER_ROLES = ['SHIPPER', 'BUYER'] as const satisfies readonly Role[];

/** Roles an administrator gives to a company's user (SUPER_ADMIN is never given from there). */
export const COMPANY_ROLES = ['COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Who may be named a container's shipper: its company's shippers and administrators. */
export const CONTAINER_SHIPPER_ROLES = ['SHIPPER', 'COMPANY_ADMIN'] as const satisfies readonly Role[];

/** Who a vehicle may be sold to: a buyer of the vehicle's company. */
export const VEHICLE_BUYER_ROLES = ['BUYER'] as const satisfies readonly Role[];
