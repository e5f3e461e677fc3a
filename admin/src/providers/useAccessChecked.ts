import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/**
 * Runs a call of a resource's api.ts with the sign-in checks react-admin gives the calls it makes
 * through the dataProvider: a 401 or 403 answer first goes to authProvider.checkError (sign-out,
 * the waiting page, the forced password change, the 'not authorized' notice). As with those
 * calls, an error the checks took care of resolves to undefined instead of rejecting; any other
 * error rejects as it came.
 */
export function useAccessChecked() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        if (await logoutIfAccessDenied(error)) return undefined;
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}
