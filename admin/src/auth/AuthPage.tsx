import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useCurrentUser, useSetCurrentUser } from '../providers/useCurrentUser';
import { AUTH_PATH, WAITING_PATH } from '../providers/paths';
import { fetchCurrentUser } from '../providers/currentUser';
import { LoadingScreen } from '../common/LoadingScreen';
import { AuthFrame } from './AuthFrame';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Mode = 'signIn' | 'register';

/** Where to go after signing in: the page the visitor first asked for, else the dashboard. */
function useNextPath() {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const path = state?.nextPathname;
  if (!path || path === AUTH_PATH || path === WAITING_PATH) return '/';
  return `${path}${state?.nextSearch ?? ''}`;
}

/** /auth: sign-in and registration on one screen, as tabs (SPEC.md §2). */
const AuthPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user, isPending } = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  const next = useNextPath();
  const [mode, setMode] = useState<Mode>(() => (new URLSearchParams(window.location.search).get('tab') === 'register' ? 'register' : 'signIn'));

  if (isPending) return <LoadingScreen label="auth.loadingUser" />;
  if (user) return <Navigate to={user.pendingApproval ? WAITING_PATH : next} replace />;

  return (
    <AuthFrame testId="auth-page">
      <Tabs
        value={mode}
        onChange={(_event, value: Mode) => setMode(value)}
        variant="fullWidth"
        sx={{ marginBlockEnd: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="signIn" label={translate('auth.signInTab')} id="auth-tab-signIn" aria-controls="auth-panel-signIn" />
        <Tab value="register" label={translate('auth.registerTab')} id="auth-tab-register" aria-controls="auth-panel-register" />
      </Tabs>
      <Box role="tabpanel" id={`auth-panel-${mode}`} aria-labelledby={`auth-tab-${mode}`}>
        {mode === 'signIn' ? (
          <LoginForm onSignedIn={setCurrentUser} />
        ) : (
          <RegisterForm
            onRegistered={async (registered) => {
              if (registered) setCurrentUser(registered);
              else setCurrentUser(await fetchCurrentUser().catch(() => null));
              navigate(WAITING_PATH, { replace: true });
            }}
          />
        )}
      </Box>
    </AuthFrame>
  );
};

export default AuthPage;
