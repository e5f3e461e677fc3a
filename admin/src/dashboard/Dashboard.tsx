import { lazy, Suspense } from 'react';
import { Alert, Box, Button, Chip, Grid, Skeleton, Typography } from '@mui/material';
import AnchorIcon from '@mui/icons-material/Anchor';
import BusinessIcon from '@mui/icons-material/Business';
import PeopleIcon from '@mui/icons-material/People';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import InventoryIcon from '@mui/icons-material/Inventory2';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { EmailName, useTranslateWith } from '../common/Interpolate';
import { can, canAccess, canSeeStatistics, seesOnlyOwnPurchases } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { useAccessChecked } from '../providers/useAccessChecked';
import { errorMessage } from '../providers/errorMessage';
import { fetchDashboard } from './api';
import { ArrivingSoon } from './ArrivingSoon';
import { CountCard } from './CountCard';
import { countCardSize } from './cardGrid';
import { RecentCompanies } from './RecentCompanies';
import { RecentVehicles } from './RecentVehicles';
import { SetupChecklist } from './SetupChecklist';
import { StatusBoard } from './StatusBoard';
import { ArrivingContainers } from './ArrivingContainers';
import { OverdueDocumentsCard } from './OverdueDocumentsCard';

// The chart library is read only when a chart is shown (docs/decisions.md, "Dashboard charts").
const StatusChart = lazy(() => import('./StatusChart'));

const SectionTitle = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', marginBlockEnd: 0.5 }}>
    {children}
  </Typography>
);

/**
 * The dashboard, from one call to GET /api/dashboard: count cards (companies and users for the
 * admin roles), vehicles by status (not for buyers), the newest vehicles and, for admins, the
 * newest companies.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const accessChecked = useAccessChecked();
  const { user } = useCurrentUser();
  const role = user?.role;
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['dashboard', user?.id],
    queryFn: () => accessChecked(fetchDashboard),
    staleTime: 0,
  });
  const seesAdminCards = can(role, 'companies', 'read') && can(role, 'users', 'read');
  const seesStatistics = canSeeStatistics(role);
  const followsArrivals = seesOnlyOwnPurchases(role);
  const linkIf = (resource: string, to: string) => (canAccess(role, { resource, action: 'menu' }) ? to : undefined);
  const count = (name: string) => (data?.counts as Record<string, number> | undefined)?.[name];

  // Only the figures the user can open: a card that leads nowhere only raises questions.
  const cards = [
    { key: 'vehicles', label: 'nav.vehicles', icon: DirectionsCarIcon, to: linkIf('vehicles', '/vehicles') },
    { key: 'containers', label: 'nav.containers', icon: InventoryIcon, to: linkIf('containers', '/containers') },
    { key: 'ports', label: 'nav.ports', icon: AnchorIcon, to: linkIf('ports', '/ports') },
    ...(seesAdminCards
      ? [
          { key: 'companies', label: 'nav.companies', icon: BusinessIcon, to: linkIf('companies', '/companies') },
          { key: 'users', label: 'nav.users', icon: PeopleIcon, to: linkIf('users', '/users') },
        ]
      : []),
  ].filter((card) => card.to);

  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="dashboard">
      <Title title={translate('dashboard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', marginBlockEnd: 3 }}>
        <Typography variant="h5" component="h1" sx={{ minWidth: 0, maxWidth: '100%' }} data-testid="dashboard-greeting">
          {translateWith('dashboard.welcome', { username: <EmailName>{user?.username}</EmailName> })}
        </Typography>
        {role && <Chip size="small" color="primary" variant="outlined" label={translate(`roles.${role}`)} />}
      </Box>

      {error && (
        <Alert
          severity="error"
          sx={{ marginBlockEnd: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('common.retry')}
            </Button>
          }
        >
          {translate('dashboard.loadFailed')} {errorMessage(error, translate, '')}
        </Alert>
      )}

      {/* Always mounted, so the demo's accounts dialog outlives the checklist it completes. */}
      <SetupChecklist role={role} userId={user?.id} counts={error ? undefined : data?.counts} onChanged={() => refetch()} />

      <SectionTitle>{translate('dashboard.counts')}</SectionTitle>
      <Grid container spacing={2} sx={{ marginBlockEnd: 3 }} data-testid="count-cards">
        {cards.map((card) => (
          <Grid key={card.key} size={countCardSize(cards.length)}>
            <CountCard
              testId={card.key}
              label={card.label}
              icon={card.icon}
              to={card.to}
              value={count(card.key)}
              isPending={isPending}
              failed={!!error}
            />
          </Grid>
        ))}
      </Grid>

      {seesStatistics && (
        <Box component="section" sx={{ marginBlockEnd: 3 }} data-testid="statistics">
          <SectionTitle>{translate('dashboard.statistics')}</SectionTitle>
          {!error && (
            <Grid container spacing={2} sx={{ marginBlockEnd: 2 }} data-testid="shipment-overview">
              <Grid size={{ xs: 12, md: 7 }}>
                {data?.byStatus ? (
                  <Suspense fallback={<Skeleton variant="rounded" height={332} />}>
                    <StatusChart byStatus={data.byStatus} />
                  </Suspense>
                ) : (
                  <Skeleton variant="rounded" height={332} />
                )}
              </Grid>
              <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <OverdueDocumentsCard count={data?.documentsOverdue} isPending={isPending} />
                <ArrivingContainers containers={data?.arrivingContainers} isPending={isPending} />
              </Grid>
            </Grid>
          )}
          {!error && <StatusBoard byStatus={data?.byStatus} isPending={isPending} />}
        </Box>
      )}

      <Grid container spacing={2} data-testid="recent-cards">
        {followsArrivals && (
          <Grid size={{ xs: 12, md: 6 }}>
            <ArrivingSoon vehicles={data?.arrivingSoon} isPending={isPending && !error} />
          </Grid>
        )}
        {/* Alone (a shipper's), the newest vehicles take the whole row rather than leave half of it empty. */}
        <Grid size={{ xs: 12, md: seesAdminCards || followsArrivals ? 6 : 12 }}>
          <RecentVehicles vehicles={data?.recentVehicles} isPending={isPending && !error} />
        </Grid>
        {seesAdminCards && (
          <Grid size={{ xs: 12, md: 6 }}>
            <RecentCompanies companies={data?.recentCompanies ?? undefined} isPending={isPending && !error} showViewAll={!!linkIf('companies', '/companies')} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
};

export default Dashboard;
