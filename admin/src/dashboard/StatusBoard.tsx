import { Box, Card, CardActionArea, CardContent, Grid, Skeleton, Typography, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { DashboardData } from './api';
import { statusColorOnPaper, statusColors, statusLabelKey } from '../vehicles/status';
import { VinText, makeModelYear, vehicleEditPath } from '../vehicles/VinText';

/** SPEC.md §9: each status card lists its vehicles in a 100 px-high area that scrolls. */
export const STATUS_LIST_HEIGHT = 100;

type StatusColumn = NonNullable<DashboardData['byStatus']>[number];

/** A status's count in the status's own colours, read out as "N vehicles" (both cards). */
const StatusCount = ({ column, variant, sx }: { column: StatusColumn; variant: 'h6' | 'subtitle1'; sx: SxProps<Theme> }) => {
  const translate = useTranslate();
  const colors = statusColors(column.status);
  return (
    <Typography
      variant={variant}
      component="p"
      sx={[{ fontWeight: 700, backgroundColor: colors.background, color: colors.text, borderRadius: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid="status-count"
      aria-label={translate('dashboard.statusCount', { smart_count: column.count })}
    >
      {column.count.toLocaleString('en-US')}
    </Typography>
  );
};

const StatusCard = ({ column }: { column: StatusColumn }) => {
  const translate = useTranslate();
  const label = translate(statusLabelKey(column.status), { _: column.status });
  const more = column.count - column.vehicles.length;
  return (
    <Card
      component="section"
      aria-label={label}
      data-testid={`status-card-${column.status}`}
      sx={(theme) => ({ height: '100%', borderBlockStart: `4px solid ${statusColorOnPaper(column.status, theme.palette.mode)}` })}
    >
      <CardContent sx={{ paddingBlockEnd: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, marginBlockEnd: 1 }}>
          <Typography variant="subtitle2" component="h3" sx={(theme) => ({ color: statusColorOnPaper(column.status, theme.palette.mode), fontWeight: 700 })} noWrap>
            {label}
          </Typography>
          <StatusCount column={column} variant="h6" sx={{ paddingInline: 1, lineHeight: 1.6 }} />
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

/** The vehicle list filtered to one status. */
export const vehiclesInStatusPath = (status: string) => `/vehicles?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

/**
 * A status on a phone: its name (wrapping between words, never cut) and its count, two to a row,
 * opening the vehicle list filtered to it, where the cars are cards that sort and select. Eight
 * full cards with their 100 px lists stood 1,500 px tall before anything else on a phone.
 */
const CompactStatusCard = ({ column }: { column: StatusColumn }) => {
  const translate = useTranslate();
  const label = translate(statusLabelKey(column.status), { _: column.status });
  return (
    <Card component="section" aria-label={label} data-testid={`status-card-${column.status}`} sx={(theme) => ({ height: '100%', borderInlineStart: `4px solid ${statusColorOnPaper(column.status, theme.palette.mode)}` })}>
      <CardActionArea component={Link} to={vehiclesInStatusPath(column.status)} sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, paddingBlock: 1, paddingInline: 1.25 }}>
        <Typography variant="body2" component="h3" sx={(theme) => ({ color: statusColorOnPaper(column.status, theme.palette.mode), fontWeight: 700, minWidth: 0, overflowWrap: 'normal', wordBreak: 'normal' })} data-testid="status-label">
          {label}
        </Typography>
        <StatusCount column={column} variant="subtitle1" sx={{ paddingInline: 0.75, flexShrink: 0 }} />
      </CardActionArea>
    </Card>
  );
};

/**
 * The kanban-style summary: one card per status, in the order a car moves through them; on phones
 * (`compact`) a short card per status that opens its vehicles.
 */
export const StatusBoard = ({ byStatus, isPending, compact = false }: { byStatus: DashboardData['byStatus'] | undefined; isPending: boolean; compact?: boolean }) => {
  const size = compact ? { xs: 6 } : { xs: 12, sm: 6, md: 4, lg: 3 };
  return (
    <Grid container spacing={compact ? 1 : 2} data-testid="status-board" data-layout={compact ? 'compact' : undefined}>
      {isPending || !byStatus
        ? Array.from({ length: 8 }, (_, i) => (
            <Grid key={i} size={size}>
              <Skeleton variant="rounded" height={compact ? 48 : 170} />
            </Grid>
          ))
        : byStatus.map((column) => (
            <Grid key={column.status} size={size}>
              {compact ? <CompactStatusCard column={column} /> : <StatusCard column={column} />}
            </Grid>
          ))}
    </Grid>
  );
};
