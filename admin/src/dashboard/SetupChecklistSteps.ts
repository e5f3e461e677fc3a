import { can, seesEveryCompany, setsUpOwnCompany } from '@domain/permissions';
import type { Role } from '@domain/roles';
import type { DashboardData } from './api';

/** One step of the first-run checklist: done or not, and the page that does it. */
export interface SetupStep {
  key: 'company' | 'ports' | 'users' | 'containers' | 'vehicles';
  done: boolean;
  to: string;
}

/**
 * The first-run checklist for `role`, from the dashboard's counts, or [] when it has nothing to
 * offer (a buyer, or counts not loaded). Only steps the role may do (SPEC.md §6): the super admin
 * sets up the install (a company, ports, users besides itself); a company admin, who cannot add
 * ports or users, starts its company's work (a container, a vehicle). Shippers and buyers get none.
 */
export function setupSteps(role: Role | null | undefined, counts: DashboardData['counts'] | undefined): SetupStep[] {
  if (!counts) return [];
  if (seesEveryCompany(role)) {
    const steps: SetupStep[] = [];
    if (can(role, 'companies', 'create')) steps.push({ key: 'company', done: (counts.companies ?? 0) > 0, to: '/companies' });
    if (can(role, 'ports', 'create')) steps.push({ key: 'ports', done: counts.ports > 0, to: '/ports' });
    // The super admin counts itself: done once anyone else has an account.
    if (can(role, 'users', 'create')) steps.push({ key: 'users', done: (counts.users ?? 0) > 1, to: '/users' });
    return steps;
  }
  if (!setsUpOwnCompany(role)) return [];
  const steps: SetupStep[] = [];
  if (can(role, 'containers', 'create')) steps.push({ key: 'containers', done: counts.containers > 0, to: '/containers' });
  if (can(role, 'vehicles', 'create')) steps.push({ key: 'vehicles', done: counts.vehicles > 0, to: '/vehicles' });
  return steps;
}

/** The checklist shows while a step is left; once all are done it is gone for good. */
export const setupIsPending = (steps: SetupStep[]) => steps.some((step) => !step.done);
