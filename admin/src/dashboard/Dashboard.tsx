import { Box, Chip, Grid, Typography } from '@mui/material';
import AnchorIcon from '@mui/icons-material/Anchor';
import BusinessIcon from '@mui/icons-material/Business';
import PeopleIcon from '@mui/icons-material/People';
import { Title, useTranslate } from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { can, canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { CountCard } from './CountCard';
import { RecentCompanies } from './RecentCompanies';

/**
 * The dashboard frame: count cards (ports for everyone; companies and users for the roles that may
 * read them) and the most recent companies. Vehicle and container parts come with those screens.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const { user } = useCurrentUser();
  const role = user?.role;
  const seesAdminCards = can(role, 'companies', 'read') && can(role, 'users', 'read');
  const linkIf = (resource: string, to: string) => (canAccess(role, { resource, action: 'menu' }) ? to : undefined);

  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="dashboard">
      <Title title={translate('dashboard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', marginBlockEnd: 3 }}>
        <Typography variant="h5" component="h1">
          {translateWith('dashboard.welcome', { username: <Name>{user?.username}</Name> })}
        </Typography>
        {role && <Chip size="small" color="primary" variant="outlined" label={translate(`roles.${role}`)} />}
      </Box>

      <Typography variant="overline" component="h2" color="text.secondary">
        {translate('dashboard.counts')}
      </Typography>
      <Grid container spacing={2} sx={{ marginBlockEnd: 1.5 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CountCard resource="ports" label="nav.ports" icon={AnchorIcon} to={linkIf('ports', '/ports')} />
        </Grid>
        {seesAdminCards && (
          <>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <CountCard resource="companies" label="nav.companies" icon={BusinessIcon} to={linkIf('companies', '/companies')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <CountCard resource="users" label="nav.users" icon={PeopleIcon} to={linkIf('users', '/users')} />
            </Grid>
          </>
        )}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 3 }}>
        {translate('dashboard.comingLater')}
      </Typography>

      {seesAdminCards && (
        <Box sx={{ maxWidth: 720 }}>
          <RecentCompanies showViewAll={!!linkIf('companies', '/companies')} />
        </Box>
      )}
    </Box>
  );
};

export default Dashboard;
