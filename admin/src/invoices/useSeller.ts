import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchSeller, type SellerProfile } from './invoiceApi';

export const SELLER_QUERY_KEY = ['invoice', 'seller'] as const;

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
