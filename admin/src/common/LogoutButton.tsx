import { Button, IconButton, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { useState } from 'react';

/** The exit arrow points toward the end of the line: right in English, left in Arabic. */
const ExitIcon = () => <LogoutIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />;

/**
 * Signs out and goes to /auth; if the server refuses, says 'Logout failed' and stays.
 * `compact`: an icon alone on phones, where the header has little room.
 */
export const LogoutButton = ({ compact = false, ...props }: ButtonProps & { compact?: boolean }) => {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [pending, setPending] = useState(false);
  const label = translate('auth.logout');

  const handleClick = async () => {
    setPending(true);
    try {
      // An explicit sign-out does not bring the next person back to this page.
      await logout({}, undefined, false);
    } catch {
      notify('auth.logoutFailed', { type: 'error' });
      setPending(false);
    }
  };

  if (compact && isXSmall) {
    return (
      <IconButton color="inherit" onClick={handleClick} disabled={pending} aria-label={label} title={label} data-testid="logout-button">
        <ExitIcon />
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<ExitIcon />}
      onClick={handleClick}
      disabled={pending}
      data-testid="logout-button"
      sx={{ borderColor: 'rgba(255,255,255,0.5)', whiteSpace: 'nowrap' }}
      {...props}
    >
      {label}
    </Button>
  );
};
