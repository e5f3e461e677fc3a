import { Button, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { useState } from 'react';
import { usePendingChanges } from '../providers/pendingChanges';

/** The exit arrow points toward the end of the line: right in English, left in Arabic. */
const ExitIcon = () => <LogoutIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />;

/**
 * Signs out and goes to /auth; if the server refuses, says 'Logout failed' and stays. Changes still
 * waiting for their Undo are sent first; if one fails, its error toast shows and the user stays.
 * `compact`: on phones, where the header has little room, the label goes small under the icon
 * (SPEC.md §2 names the button by its label: an icon alone is not enough).
 */
export const LogoutButton = ({ compact = false, ...props }: ButtonProps & { compact?: boolean }) => {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [pending, setPending] = useState(false);
  const changes = usePendingChanges();
  const label = translate('auth.logout');

  const handleClick = async () => {
    setPending(true);
    const unsent = await changes.sendAllAndSettle();
    if (unsent) {
      // Signing out now would lose a change the user was told was saved: stay, and say why.
      if (unsent === 'offline') notify('auth.logoutOffline', { type: 'error' });
      setPending(false);
      return;
    }
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
      <Button
        color="inherit"
        onClick={handleClick}
        disabled={pending}
        data-testid="logout-button"
        sx={{ flexDirection: 'column', gap: 0, minWidth: 0, paddingInline: 0.5, paddingBlock: 0.25, lineHeight: 1.2, fontSize: '0.6875rem', textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        <ExitIcon />
        {label}
      </Button>
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
