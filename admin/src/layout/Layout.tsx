import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser } from '../providers/useCurrentUser';
import { AUTH_PATH, CHANGE_PASSWORD_PATH, WAITING_PATH } from '../providers/paths';
import { NotFound } from '../common/MessagePages';
import { isProtectedPath } from './protectedPaths';

// Header, navigation and drawer code is only needed once somebody is signed in.
const SignedInLayout = lazy(() => import('./SignedInLayout'));
const ForcedPasswordChange = lazy(() => import('../auth/ForcedPasswordChange').then((module) => ({ default: module.ForcedPasswordChange })));

const ServerUnreachable = ({ onRetry }: { onRetry: () => void }) => {
  const translate = useTranslate();
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <Typography>{translate('auth.serverUnreachable')}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {translate('auth.retry')}
      </Button>
    </Box>
  );
};

/**
 * Every route inside the layout is protected: a spinner while the user loads, a visitor goes to
 * /auth (and comes back here after signing in), a user waiting for approval to /waiting-approval,
 * and a user whose password an administrator gave or reset to /change-password, where only the change
 * form shows until the password is their own. A visitor on a path that is no route sees the
 * not-found screen instead (SPEC.md §2).
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { user, isPending, error, refetch } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <LoadingScreen label="auth.loadingUser" />;
  if (error) return <ServerUnreachable onRetry={() => refetch()} />;
  if (!user) {
    // An unknown path is no page to sign in for: the visitor sees the not-found screen.
    if (!isProtectedPath(location.pathname)) return <NotFound />;
    return <Navigate to={AUTH_PATH} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  if (user.pendingApproval) return <Navigate to={WAITING_PATH} replace />;
  if (user.mustChangePassword) {
    if (location.pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ForcedPasswordChange />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInLayout>{children}</SignedInLayout>
    </Suspense>
  );
};
