import { seesEveryCompany, seesOnlyOwnPurchases } from '../domain/permissions';
import type { Viewer } from './baseModel';

/**
 * The models' `scopedTo` (a buyer's purchases, else whereInCompanyOf) as the constant SQL texts
 * take it: which condition their text carries, and the value it binds.
 */
export type SqlScope = { kind: 'all' } | { kind: 'company' | 'buyer'; value: number };

/** The viewer's scope, or null for one who sees nothing (staff without a company: whereInCompanyOf's `1 = 0`). */
export function sqlScopeOf(viewer: Viewer): SqlScope | null {
  if (seesOnlyOwnPurchases(viewer.role)) return { kind: 'buyer', value: viewer.id };
  if (seesEveryCompany(viewer.role)) return { kind: 'all' };
  return viewer.companyId === null ? null : { kind: 'company', value: viewer.companyId };
}

/** whereInCompanyOf's scope alone, for tables a buyer's purchases do not narrow (containers). */
export function companyScopeOf(viewer: Viewer): SqlScope | null {
  if (seesEveryCompany(viewer.role)) return { kind: 'all' };
  return viewer.companyId === null ? null : { kind: 'company', value: viewer.companyId };
}

/** What the scope's condition binds: its value, or nothing for every company. */
export const scopeBindings = (scope: SqlScope): number[] => (scope.kind === 'all' ? [] : [scope.value]);
