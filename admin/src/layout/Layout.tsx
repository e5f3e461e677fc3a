import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, useSidebarState, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { LoadingScreen } from './LoadingScreen';
import { useCurrentUser } from '../providers/useCurrentUser';
import { AUTH_PATH, WAITING_PATH } from '../providers/authProvider';

/**
 * The navigation is permanent (and always open) from the 'sm' breakpoint up, and a temporary
 * drawer behind the menu button below it, closed whenever the screen becomes small.
 */
function useSidebarFollowsBreakpoint() {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const wasXSmall = useRef(isXSmall);
  useEffect(() => {
    if (!isXSmall && !open) setOpen(true);
    if (isXSmall && !wasXSmall.current) setOpen(false);
    wasXSmall.current = isXSmall;
  }, [isXSmall, open, setOpen]);
}

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

const SignedInLayout = ({ children }: { children: ReactNode }) => {
  useSidebarFollowsBreakpoint();
  return (
    <RaLayout appBar={AppBar} menu={Menu} appBarAlwaysOn sx={{ '& .RaLayout-content': { paddingInline: { xs: 1, sm: 2 }, paddingBlockEnd: 3 } }}>
      {children}
    </RaLayout>
  );
};

/**
 * Every route inside the layout is protected: a spinner while the user loads, a visitor goes to
 * /auth (and comes back here after signing in), a user waiting for approval to /waiting-approval.
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { user, isPending, error, refetch } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <LoadingScreen label="auth.loadingUser" />;
  if (error) return <ServerUnreachable onRetry={() => refetch()} />;
  if (!user) {
    return <Navigate to={AUTH_PATH} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  if (user.pendingApproval) return <Navigate to={WAITING_PATH} replace />;
  return <SignedInLayout>{children}</SignedInLayout>;
};
