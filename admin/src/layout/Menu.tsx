import { Box, Divider, ListItemIcon, ListItemText, MenuItem, MenuList, useMediaQuery, type Theme } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import BusinessIcon from '@mui/icons-material/Business';
import PeopleIcon from '@mui/icons-material/People';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import InventoryIcon from '@mui/icons-material/Inventory2';
import AnchorIcon from '@mui/icons-material/Anchor';
import DescriptionIcon from '@mui/icons-material/Description';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import HistoryIcon from '@mui/icons-material/History';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link, useMatch } from 'react-router';
import { canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Logo } from '../common/Logo';
import { OWN_SETTINGS_PATH } from '../companyProfile/paths';
import { brandTint } from '../common/surfaces';

/** The navigation entries in SPEC.md §2 order, then the company settings; who sees each comes from the permission table. */
export const NAV_ENTRIES: ReadonlyArray<{ resource: string; to: string; label: string; icon: SvgIconComponent }> = [
  { resource: 'dashboard', to: '/', label: 'nav.dashboard', icon: DashboardIcon },
  { resource: 'companies', to: '/companies', label: 'nav.companies', icon: BusinessIcon },
  { resource: 'users', to: '/users', label: 'nav.users', icon: PeopleIcon },
  { resource: 'vehicles', to: '/vehicles', label: 'nav.vehicles', icon: DirectionsCarIcon },
  { resource: 'containers', to: '/containers', label: 'nav.containers', icon: InventoryIcon },
  { resource: 'ports', to: '/ports', label: 'nav.ports', icon: AnchorIcon },
  { resource: 'documents', to: '/documents', label: 'nav.documents', icon: DescriptionIcon },
  { resource: 'invoices', to: '/invoices', label: 'nav.invoices', icon: ReceiptIcon },
  // The record of events, for the administrators (its company's, or all of it).
  { resource: 'audit-log', to: '/audit-log', label: 'nav.activity', icon: HistoryIcon },
  // A company admin's own company: its invoice profile and logo (a SUPER_ADMIN opens any company's
  // from the companies list).
  { resource: 'companyProfile', to: OWN_SETTINGS_PATH, label: 'nav.companySettings', icon: SettingsIcon },
];

const NavItem = ({ to, label, icon: Icon }: { to: string; label: string; icon: SvgIconComponent }) => {
  const translate = useTranslate();
  const match = useMatch({ path: to, end: to === '/' });
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  return (
    <MenuItem
      component={Link}
      to={to}
      selected={!!match}
      aria-current={match ? 'page' : undefined}
      // MenuList gives only one item a Tab stop (roving focus, for pop-up menus); in the side
      // navigation every page is a link the keyboard reaches with Tab. The arrow keys still move.
      tabIndex={0}
      onClick={() => isXSmall && setOpen(false)}
      sx={{
        borderRadius: 1,
        marginInline: 1,
        marginBlock: 0.25,
        paddingBlock: 1,
        color: 'text.secondary',
        '&.Mui-selected': { color: 'primary.main', fontWeight: 600, backgroundColor: brandTint },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={translate(label)} slotProps={{ primary: { noWrap: true, sx: { fontWeight: 'inherit' } } }} />
    </MenuItem>
  );
};

/** The side navigation: logo on top, then the entries the signed-in role may open. */
export const Menu = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const entries = NAV_ENTRIES.filter((entry) => canAccess(user?.role, { resource: entry.resource, action: 'menu' }));
  return (
    <Box component="nav" aria-label={translate('nav.menu')} sx={{ width: 240, paddingBlock: 1 }}>
      <Box sx={{ paddingInline: 2, paddingBlock: 1.5, maxHeight: 60, display: 'flex', alignItems: 'center', color: 'primary.main' }}>
        <Logo size={40} withName />
      </Box>
      <Divider sx={{ marginBlockEnd: 1, marginInline: 2 }} />
      <MenuList data-testid="main-menu" sx={{ paddingBlock: 0 }}>
        {entries.map((entry) => (
          <NavItem key={entry.resource} to={entry.to} label={entry.label} icon={entry.icon} />
        ))}
      </MenuList>
    </Box>
  );
};
