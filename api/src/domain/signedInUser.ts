import type { Role } from './roles';

/**
 * What every request needs to know of whoever sent it: who, in which role and company, and
 * whether the account may act yet. The users table has more; this is all the guards read.
 */
export type SignedInUser = {
  id: number;
  username: string;
  role: Role | null;
  companyId: number | null;
  active: boolean;
  /** Whether the user's company is active; null or absent without a company. */
  companyActive?: boolean | null;
  pendingApproval: boolean;
  mustChangePassword: boolean;
};
