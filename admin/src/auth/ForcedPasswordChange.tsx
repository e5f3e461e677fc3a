import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { forcedPasswordIsGenerated } from '@domain/permissions';
import { useNavigate } from 'react-router';
import { Name, useTranslateWith } from '../common/Interpolate';
import { LogoutButton } from '../common/LogoutButton';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser, useReplaceCurrentUser } from '../providers/useCurrentUser';
import type { CurrentUser } from '../providers/currentUser';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { AuthFrame } from './AuthFrame';

/**
 * What a user whose password an administrator gave (a new account, a reset) or that was generated
 * sees on every page (Layout sends them to /change-password): why, the form, and the way out. Nothing else opens until the password is
 * changed (the API refuses it too), so the header and navigation are left out, as on
 * /waiting-approval.
 */
export const ForcedPasswordChange = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const replaceCurrentUser = useReplaceCurrentUser();
  if (!user) return <LoadingScreen />;

  const changed = (saved: CurrentUser) => {
    replaceCurrentUser(saved);
    navigate('/', { replace: true });
  };

  return (
    <AuthFrame testId="forced-password-change">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
          {translate('password.forcedTitle')}
        </Typography>
        <Alert severity="warning" data-testid="forced-password-reason">
          {translate(forcedPasswordIsGenerated(user.role) ? 'password.forcedTextGenerated' : 'password.forcedText')}
        </Alert>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {translateWith('waiting.signedInAs', { username: <Name>{user.username}</Name> })}
        </Typography>
        <ChangePasswordForm username={user.username} onChanged={changed} currentHint="password.currentTemporary" />
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <LogoutButton color="primary" sx={{}} />
        </Box>
      </Box>
    </AuthFrame>
  );
};
