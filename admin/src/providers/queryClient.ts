import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC.md §7: queries do not refetch on window focus, and neither queries nor mutations retry
 * (a failed save must not be sent again behind the user's back). Lists that poll say so themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
