/** The four roles of SPEC.md §1, in order of reach. */
export const ROLES = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Every role but SUPER_ADMIN works inside one company and needs one. */
export const roleNeedsCompany = (role: Role): boolean => role !== 'SUPER_ADMIN';

/** Roles an administrator may give when approving a registration (SPEC.md §4). */
export const APPROVAL_ROLES = ['SHIPPER', 'BUYER'] as const satisfies readonly Role[];
