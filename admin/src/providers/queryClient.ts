import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC.md §7: queries never go stale, do not refetch on window focus, do not poll, and neither
 * queries nor mutations retry (a failed save must not be sent again behind the user's back).
 * The companies list polls every 5 s itself; the departures are listed in docs/decisions.md.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
    mutations: { retry: false },
  },
});
