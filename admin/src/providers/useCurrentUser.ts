import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchCurrentUser, getCurrentUser, setCurrentUser, type CurrentUser } from './currentUser';

export const CURRENT_USER_KEY = ['auth', 'currentUser'] as const;

/**
 * Who is signed in: undefined while loading, null for a visitor. The first read asks the server;
 * later reads use the cache until sign-in, registration or sign-out replace it.
 */
export function useCurrentUser(options: { refetchInterval?: number } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    // The first load shares the answer the authProvider may already be waiting for; a refetch
    // (polling, "check again") asks the server anew.
    queryFn: () => (queryClient.getQueryData(CURRENT_USER_KEY) === undefined ? getCurrentUser() : fetchCurrentUser()),
    staleTime: Infinity,
    refetchInterval: options.refetchInterval,
  });
  return { ...query, user: query.data };
}

/** After sign-in or registration: the new user, and every other auth answer forgotten. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser | null) => {
      setCurrentUser(user);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] === 'auth' && query.queryKey[1] !== 'currentUser',
      });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
    [queryClient],
  );
}

/**
 * The same user, updated by an answer of the API (a new language, a changed password): the other
 * auth answers (canAccess, permissions) still hold.
 */
export function useReplaceCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      setCurrentUser(user);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
    [queryClient],
  );
}
