import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchSeller } from './api';
import { SELLER_QUERY_KEY } from '../companyProfile/useCompanyProfile';
import type { SellerProfile } from './invoiceRequest';

export type SellerState = 'waiting' | 'loading' | 'loaded' | 'error';

/**
 * The seller of the invoicing company (GET /api/invoice/seller?companyId=N). Without a company
 * (a SUPER_ADMIN who has not chosen a container yet) nothing is asked: the state is 'waiting'.
 */
export function useSeller(companyId: Identifier | null | undefined): { seller?: SellerProfile; state: SellerState } {
  const known = companyId !== undefined && companyId !== null && companyId !== '';
  const query = useQuery({
    queryKey: [...SELLER_QUERY_KEY, String(companyId)],
    queryFn: () => fetchSeller(companyId),
    enabled: known,
  });
  if (!known) return { state: 'waiting' };
  if (query.data) return { seller: query.data, state: 'loaded' };
  return { state: query.error ? 'error' : 'loading' };
}
