import type { ReactNode } from 'react';
import { canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Unauthorized } from './MessagePages';

/**
 * Renders the page only for roles the permission table allows (the same table the API enforces),
 * and 'You are not authorized to access this page' in its place otherwise: the address stays.
 */
export const RequireAccess = ({ resource, action = 'menu', children }: { resource: string; action?: string; children: ReactNode }) => {
  const { user } = useCurrentUser();
  if (!canAccess(user?.role, { resource, action })) return <Unauthorized />;
  return <>{children}</>;
};

/** Wraps a page component so that it is guarded by RequireAccess. */
export const guarded =
  <P extends object>(resource: string, Page: (props: P) => ReactNode, action = 'menu') =>
  (props: P) => (
    <RequireAccess resource={resource} action={action}>
      <Page {...props} />
    </RequireAccess>
  );
