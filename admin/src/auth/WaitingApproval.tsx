import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, useTranslate } from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../providers/useCurrentUser';
import { AUTH_PATH } from '../providers/paths';
import { LoadingScreen } from '../common/LoadingScreen';
import { LogoutButton } from '../common/LogoutButton';
import { AuthFrame } from './AuthFrame';

/** How often the page asks whether the account was approved meanwhile. */
const POLL_MS = 15_000;

/** /waiting-approval: shown to a signed-in user whose account waits for an administrator. */
const WaitingApproval = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const { user, isPending, refetch } = useCurrentUser({ refetchInterval: POLL_MS });
  const [checking, setChecking] = useState(false);

  if (isPending) return <LoadingScreen label="auth.loadingUser" />;
  if (!user) return <Navigate to={AUTH_PATH} replace />;
  if (!user.pendingApproval) return <Navigate to="/" replace />;

  const checkAgain = async () => {
    setChecking(true);
    const { data } = await refetch();
    setChecking(false);
    if (data?.pendingApproval) notify('waiting.stillPending', { type: 'info' });
  };

  return (
    <AuthFrame testId="waiting-approval">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
        <HourglassIcon color="warning" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h1">
          {translate('waiting.title')}
        </Typography>
        <Alert severity="info" icon={false} sx={{ textAlign: 'start' }} data-testid="waiting-text">
          {translate('waiting.text')}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          {translate('waiting.next')}
        </Typography>
        <Typography variant="body2">
          {translateWith('waiting.signedInAs', { username: <Name>{user.username}</Name> })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            variant="contained"
            onClick={checkAgain}
            disabled={checking}
            startIcon={checking ? <CircularProgress size={18} color="inherit" /> : <RefreshIcon />}
          >
            {translate('waiting.checkAgain')}
          </Button>
          <LogoutButton color="primary" sx={{}} />
        </Box>
      </Box>
    </AuthFrame>
  );
};

export default WaitingApproval;
