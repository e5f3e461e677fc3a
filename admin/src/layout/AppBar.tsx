import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, useTranslate, type AppBarProps } from 'react-admin';
import { Link } from 'react-router';
import { LanguageSwitch } from '../account/LanguageSwitch';
import { LogoutButton } from '../common/LogoutButton';
import { AccountMenu } from '../account/AccountMenu';
import { Logo } from '../common/Logo';
import { NotificationBell } from '../notifications/NotificationBell';
import { useCurrentUser } from '../providers/useCurrentUser';
import { isApproved } from '../providers/currentUser';

/**
 * The header (SPEC.md §2): a logo link to /, the page title, the language switch, the account menu
 * (change password, language preference), the notification bell, and the logout button at the far end (top right; top
 * left in Arabic, as the whole bar mirrors). The menu button
 * only shows below the 'sm' breakpoint, where the navigation is a temporary drawer.
 */
export const AppBar = (props: AppBarProps) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  return (
    <RaAppBar
      {...props}
      color="primary"
      userMenu={false}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 }, paddingInlineStart: 1, flexShrink: 0 }}>
          <LanguageSwitch compact />
          <LoadingIndicator />
          {/* Only an approved account has notifications (the API refuses the others). */}
          {isApproved(user) && !user.mustChangePassword && <NotificationBell />}
          <AccountMenu />
          <LogoutButton compact />
        </Box>
      }
      sx={{
        '& .RaAppBar-menuButton': { display: { xs: 'inline-flex', sm: 'none' } },
        '& .RaAppBar-toolbar': { paddingInline: 1 },
      }}
    >
      <Box
        component={Link}
        to="/"
        aria-label={translate('app.home')}
        title={translate('app.home')}
        sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', marginInlineEnd: { xs: 1, sm: 2 }, marginInlineStart: { xs: 0, sm: 1 }, flexShrink: 0 }}
      >
        <Logo size={32} />
      </Box>
      <TitlePortal variant="h6" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
    </RaAppBar>
  );
};
