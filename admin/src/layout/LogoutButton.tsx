import { Button, type ButtonProps } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { useState } from 'react';

/** Signs out and goes to /auth; if the server refuses, says 'Logout failed' and stays. */
export const LogoutButton = (props: ButtonProps) => {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const [pending, setPending] = useState(false);

  const handleClick = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      notify('auth.logoutFailed', { type: 'error' });
      setPending(false);
    }
  };

  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LogoutIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
      onClick={handleClick}
      disabled={pending}
      data-testid="logout-button"
      sx={{ borderColor: 'rgba(255,255,255,0.5)', whiteSpace: 'nowrap' }}
      {...props}
    >
      {translate('auth.logout')}
    </Button>
  );
};
