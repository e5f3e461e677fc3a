import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchCompanyProfile } from './api';

export const companyProfileKey = (id: Identifier) => ['companies', 'profile', String(id)] as const;

/**
 * The invoice forms' seller defaults (GET /api/invoice/seller, invoices/useSeller.ts) are read from
 * this profile: a saved profile or logo makes every company's copy stale.
 */
export const SELLER_QUERY_KEY = ['invoice', 'seller'] as const;

/** The company with its invoice profile, always read afresh when the page opens. */
export const useCompanyProfile = (id: Identifier) =>
  useQuery({ queryKey: companyProfileKey(id), queryFn: () => fetchCompanyProfile(id), staleTime: 0 });
