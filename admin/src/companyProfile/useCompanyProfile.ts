import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchCompanyProfile } from './profileApi';

export const companyProfileKey = (id: Identifier) => ['companies', 'profile', String(id)] as const;

/** The company with its invoice profile, always read afresh when the page opens. */
export const useCompanyProfile = (id: Identifier) =>
  useQuery({ queryKey: companyProfileKey(id), queryFn: () => fetchCompanyProfile(id), staleTime: 0 });
