import { Box, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardData } from './api';
import { statusColors, statusLabelKey } from '../vehicles/status';
import { VinText, makeModelYear, vehicleEditPath } from '../vehicles/VinText';

/** SPEC.md §9: each status card lists its vehicles in a 100 px-high area that scrolls. */
export const STATUS_LIST_HEIGHT = 100;

type StatusColumn = NonNullable<DashboardData['byStatus']>[number];

const StatusCard = ({ column }: { column: StatusColumn }) => {
  const translate = useTranslate();
  const colors = statusColors(column.status);
  const label = translate(statusLabelKey(column.status), { _: column.status });
  const more = column.count - column.vehicles.length;
  return (
    <Card
      component="section"
      aria-label={label}
      data-testid={`status-card-${column.status}`}
      sx={{ height: '100%', borderBlockStart: `4px solid ${colors.text}` }}
    >
      <CardContent sx={{ paddingBlockEnd: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, marginBlockEnd: 1 }}>
          <Typography variant="subtitle2" component="h3" sx={{ color: colors.text, fontWeight: 700 }} noWrap>
            {label}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            sx={{ fontWeight: 700, backgroundColor: colors.background, color: colors.text, borderRadius: 1, paddingInline: 1, lineHeight: 1.6 }}
            data-testid="status-count"
            aria-label={translate('dashboard.statusCount', { smart_count: column.count })}
          >
            {column.count.toLocaleString('en-US')}
          </Typography>
        </Box>
        <Box
          tabIndex={column.vehicles.length ? 0 : undefined}
          role={column.vehicles.length ? 'region' : undefined}
          aria-label={column.vehicles.length ? label : undefined}
          data-testid="status-vehicles"
          sx={{ height: STATUS_LIST_HEIGHT, overflowY: 'auto', overscrollBehavior: 'contain', borderRadius: 1, backgroundColor: 'rgba(0,0,0,0.02)', paddingInline: 1 }}
        >
          {column.vehicles.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ paddingBlock: 1 }}>
              {translate('dashboard.noVehiclesInStatus')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {column.vehicles.map((vehicle) => (
                <Box component="li" key={vehicle.id} sx={{ paddingBlock: 0.5, borderBlockEnd: '1px solid', borderColor: 'divider', '&:last-of-type': { borderBlockEnd: 0 } }}>
                  <VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {makeModelYear(vehicle)}
                  </Typography>
                </Box>
              ))}
              {more > 0 && (
                <Typography component="li" variant="caption" color="text.secondary" sx={{ paddingBlock: 0.5, display: 'block' }}>
                  {translate('dashboard.moreInStatus', { smart_count: more })}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};

/** The kanban-style summary: one card per status, in the order a car moves through them. */
export const StatusBoard = ({ byStatus, isPending }: { byStatus: DashboardData['byStatus'] | undefined; isPending: boolean }) => (
  <Grid container spacing={2} data-testid="status-board">
    {isPending || !byStatus
      ? Array.from({ length: 8 }, (_, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Skeleton variant="rounded" height={170} />
          </Grid>
        ))
      : byStatus.map((column) => (
          <Grid key={column.status} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <StatusCard column={column} />
          </Grid>
        ))}
  </Grid>
);
