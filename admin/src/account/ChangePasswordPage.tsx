import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser, useReplaceCurrentUser } from '../providers/useCurrentUser';
import type { CurrentUser } from '../providers/currentUser';
import { ChangePasswordForm } from './ChangePasswordForm';
import { returnPath } from './paths';

/**
 * /change-password from the account menu, inside the layout: the form, then back to the page the
 * user came from. This session stays signed in; the user's other sessions end.
 */
const ChangePasswordPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const replaceCurrentUser = useReplaceCurrentUser();
  const back = returnPath(location.state);
  if (!user) return <LoadingScreen />;

  const changed = (saved: CurrentUser) => {
    replaceCurrentUser(saved);
    navigate(back, { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: { xs: 2, sm: 4 } }} data-testid="change-password-page">
      <Title title={translate('password.title')} />
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, padding: { xs: 2.5, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <LockResetIcon color="primary" />
            <Typography variant="h6" component="h1">
              {translate('password.title')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('password.intro')}
          </Typography>
          <ChangePasswordForm
            username={user.username}
            onChanged={changed}
            cancel={<Button onClick={() => navigate(back)}>{translate('common.cancel')}</Button>}
          />
        </CardContent>
      </Card>
    </Box>
  );
};

export default ChangePasswordPage;
