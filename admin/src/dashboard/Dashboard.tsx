import { Alert, Box, Button, Chip, Grid, Skeleton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
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
import { StatusChart } from './StatusChart';
import { ArrivingContainers } from './ArrivingContainers';
import { OverdueDocumentsCard } from './OverdueDocumentsCard';

const SectionTitle = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', marginBlockEnd: 0.5 }}>
    {children}
  </Typography>
);

/**
 * The dashboard, from one call to GET /api/dashboard: count cards (companies and users for the
 * admin roles), vehicles by status (not for buyers), the newest vehicles and, for admins, the
 * newest companies. Wide screens show the figures first; a phone, one column, puts what the role
 * acts on first (overdue documents, arrivals, the newest vehicles) and the figures after.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const accessChecked = useAccessChecked();
  const { user } = useCurrentUser();
  const role = user?.role;
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
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

  const counts = (
    <Box component="section">
      <SectionTitle>{translate('dashboard.counts')}</SectionTitle>
      <Grid container spacing={isPhone ? 1.5 : 2} sx={{ marginBlockEnd: isPhone ? 0 : 3 }} data-testid="count-cards">
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
              compact={isPhone}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );

  const overdue = <OverdueDocumentsCard count={data?.documentsOverdue} isPending={isPending} />;
  const arrivingContainers = <ArrivingContainers containers={data?.arrivingContainers} isPending={isPending} />;
  const chart = data?.byStatus ? (
    <StatusChart byStatus={data.byStatus} />
  ) : (
    <Skeleton variant="rounded" height={332} />
  );

  const statistics = seesStatistics && (
    <Box component="section" sx={{ marginBlockEnd: isPhone ? 0 : 3 }} data-testid="statistics">
      <SectionTitle>{translate('dashboard.statistics')}</SectionTitle>
      {!error &&
        (isPhone ? (
          // Overdue documents and arrivals are on top already; the eight statuses come first as
          // compact cards, the chart that draws the same figures last.
          <Stack spacing={2}>
            <StatusBoard byStatus={data?.byStatus} isPending={isPending} compact />
            <Box data-testid="shipment-overview">{chart}</Box>
          </Stack>
        ) : (
          <>
            <Grid container spacing={2} sx={{ marginBlockEnd: 2 }} data-testid="shipment-overview">
              <Grid size={{ xs: 12, md: 7 }}>{chart}</Grid>
              <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                {overdue}
                {arrivingContainers}
              </Grid>
            </Grid>
            <StatusBoard byStatus={data?.byStatus} isPending={isPending} />
          </>
        ))}
    </Box>
  );

  const arrivingSoon = followsArrivals && <ArrivingSoon vehicles={data?.arrivingSoon} isPending={isPending && !error} />;
  const recentVehicles = <RecentVehicles vehicles={data?.recentVehicles} isPending={isPending && !error} />;
  const recentCompanies = seesAdminCards && (
    <RecentCompanies companies={data?.recentCompanies ?? undefined} isPending={isPending && !error} showViewAll={!!linkIf('companies', '/companies')} />
  );

  // What needs doing or is coming: a buyer's arriving cars; staff's overdue documents and arriving containers.
  const attention = followsArrivals ? arrivingSoon : seesStatistics && !error ? <Stack spacing={2} data-testid="dashboard-attention">{overdue}{arrivingContainers}</Stack> : null;

  const recent = isPhone ? (
    <Stack spacing={2} data-testid="recent-cards">
      {recentVehicles}
      {recentCompanies}
    </Stack>
  ) : (
    <Grid container spacing={2} data-testid="recent-cards">
      {followsArrivals && <Grid size={{ xs: 12, md: 6 }}>{arrivingSoon}</Grid>}
      {/* Alone (a shipper's), the newest vehicles take the whole row rather than leave half of it empty. */}
      <Grid size={{ xs: 12, md: seesAdminCards || followsArrivals ? 6 : 12 }}>{recentVehicles}</Grid>
      {seesAdminCards && <Grid size={{ xs: 12, md: 6 }}>{recentCompanies}</Grid>}
    </Grid>
  );

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

      {isPhone ? (
        // A phone shows one thing under another: what needs doing or is coming first, then the
        // newest vehicles, then the figures (docs/decisions.md, "The phone dashboard").
        <Stack spacing={2.5} data-testid="dashboard-phone">
          {attention}
          {recent}
          {counts}
          {statistics}
        </Stack>
      ) : (
        <>
          {counts}
          {statistics}
          {recent}
        </>
      )}
    </Box>
  );
};

export default Dashboard;
