import { useEffect, useId, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Box, Button, Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, useMediaQuery, useTheme, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useGetOne, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { LANGUAGES, getLanguage, type Language } from '../i18n/language';
import { useCurrentUser } from '../providers/useCurrentUser';
import { CHANGE_PASSWORD_PATH } from '../providers/paths';
import type { ChangePasswordState } from './paths';
import { useSwitchLanguage } from './useSwitchLanguage';
import { useSwitchTheme } from './useSwitchTheme';
import { THEME_PREFERENCES, getThemePreference, subscribeThemeMode, type ThemePreference } from '../providers/themePreference';
import { aboutNow, loadAbout } from '../providers/about';

/**
 * The signed-in user's menu in the header: a button with the username (an icon alone on phones)
 * that opens "Change password" and the language and theme preferences, stored on the account. It follows the
 * WAI-ARIA menu-button pattern (MUI's Menu): Enter, Space or the arrow keys open it, the arrows move
 * between items, Escape closes it and gives the focus back to the button.
 */
export const AccountMenu = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const isXSmall = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const { user } = useCurrentUser();
  const switchLanguage = useSwitchLanguage();
  const switchTheme = useSwitchTheme();
  const currentTheme = useSyncExternalStore(subscribeThemeMode, getThemePreference);
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  // The user's own company, asked for by its companyId only when the user has one (SPEC.md §7).
  const companyId = user?.companyId ?? undefined;
  const { data: company } = useGetOne<{ id: number; name: string; code: string }>('companies', { id: companyId! }, { enabled: !!companyId });
  // The install's version (GET /api/about), for support; also what explains a proxy's 413.
  const [version, setVersion] = useState(aboutNow()?.version);
  useEffect(() => {
    void loadAbout().then((about) => setVersion(about?.version));
  }, []);
  if (!user) return null;

  const open = !!anchor;
  const current = getLanguage();
  const label = translate('account.menu', { username: user.username });
  const close = () => setAnchor(null);
  const buttonProps = {
    id: buttonId,
    color: 'inherit' as const,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    'aria-haspopup': 'menu' as const,
    'aria-controls': open ? menuId : undefined,
    'aria-expanded': open ? ('true' as const) : undefined,
    'aria-label': label,
    title: user.username,
    'data-testid': 'account-menu-button',
  };
  const from: ChangePasswordState = { from: `${location.pathname}${location.search}` };
  // The menu opens under the button and toward the middle of the page: leftward in English,
  // rightward in Arabic, where the header is mirrored and the button sits near the left edge.
  const side = theme.direction === 'rtl' ? 'left' : 'right';

  const choose = (language: Language) => {
    close();
    if (language !== current) void switchLanguage(language);
  };
  const chooseTheme = (theme: ThemePreference) => {
    close();
    if (theme !== currentTheme) void switchTheme(theme);
  };

  return (
    <>
      {isXSmall ? (
        <IconButton {...buttonProps}>
          <AccountCircleIcon />
        </IconButton>
      ) : (
        <Button {...buttonProps} startIcon={<AccountCircleIcon />} endIcon={<ArrowDropDownIcon />} sx={{ textTransform: 'none', minWidth: 0 }}>
          {/* An e-mail: left to right even in Arabic, cut with an ellipsis when long. */}
          <Box component="bdi" dir="ltr" sx={{ display: 'block', maxWidth: { sm: 160, md: 260 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {user.username}
          </Box>
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        variant="menu"
        anchorOrigin={{ vertical: 'bottom', horizontal: side }}
        transformOrigin={{ vertical: 'top', horizontal: side }}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: false }, paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' } } }}
        data-testid="account-menu"
      >
        <Box sx={{ paddingInline: 2, paddingBlock: 1 }}>
          <Box sx={{ typography: 'caption', color: 'text.secondary' }}>{translate('account.signedInAs')}</Box>
          <Box component="bdi" dir="ltr" sx={{ display: 'block', typography: 'body2', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.username}
          </Box>
          {user.role && <Box sx={{ typography: 'caption', color: 'text.secondary' }}>{translate(`roles.${user.role}`)}</Box>}
          {company?.name && (
            <Box sx={{ typography: 'caption', color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="account-company">
              {translate('account.company', { name: company.name })}
            </Box>
          )}
        </Box>
        <Divider />
        <MenuItem component={Link} to={CHANGE_PASSWORD_PATH} state={from} onClick={close} data-testid="account-change-password">
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('account.changePassword')} />
        </MenuItem>
        <Divider />
        <ListSubheader component="div" sx={{ lineHeight: 2.5, backgroundColor: 'transparent' }}>
          {translate('account.language')}
        </ListSubheader>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            role="menuitemradio"
            aria-checked={language === current}
            onClick={() => choose(language)}
            data-testid={`account-language-${language}`}
          >
            <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={translate(`language.names.${language}`)} slotProps={{ primary: { lang: language } }} />
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader component="div" sx={{ lineHeight: 2.5, backgroundColor: 'transparent' }}>
          {translate('account.theme')}
        </ListSubheader>
        {THEME_PREFERENCES.map((theme) => (
          <MenuItem key={theme} role="menuitemradio" aria-checked={theme === currentTheme} onClick={() => chooseTheme(theme)} data-testid={`account-theme-${theme}`}>
            <ListItemIcon>{theme === currentTheme && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={translate(`theme.names.${theme}`)} />
          </MenuItem>
        ))}
        {version && <Divider />}
        {version && (
          <Box sx={{ paddingInline: 2, paddingBlock: 1, typography: 'caption', color: 'text.secondary' }} data-testid="account-version">
            {translate('account.version', { version })}
          </Box>
        )}
      </Menu>
    </>
  );
};
