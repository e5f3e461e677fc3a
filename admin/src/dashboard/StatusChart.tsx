import { Fragment } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColorOnPaper, statusLabelKey } from '../vehicles/status';
import { statusBarPercent } from './statusBars';
import type { DashboardData } from './api';

/**
 * Vehicles by status as bars, one per status in the order a car moves, each in its status's
 * colour and with its count written at its end. Drawn by the page itself (a description list laid
 * out as a grid), not by a chart library: eight bars on one scale need no axis, and the library
 * weighed 94 kB gzipped, a fifth of the console's first load (docs/decisions.md, "Dashboard
 * charts"). Logical properties mirror it in Arabic: labels on the right, bars growing leftwards.
 */
export const StatusChart = ({ byStatus }: { byStatus: NonNullable<DashboardData['byStatus']> }) => {
  const translate = useTranslate();
  const largest = Math.max(0, ...byStatus.map((column) => column.count));
  return (
    <Card data-testid="status-chart" role="figure" aria-label={translate('dashboard.chartLabel')} sx={{ height: '100%' }}>
      <CardContent>
        {largest === 0 ? (
          // With no vehicle at all the bars say nothing: say so instead.
          <Box sx={{ height: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography color="text.secondary" data-testid="status-chart-empty">
              {translate('dashboard.noVehicles')}
            </Typography>
          </Box>
        ) : (
          <Box
            component="dl"
            sx={{ margin: 0, minHeight: 300, display: 'grid', gridTemplateColumns: 'minmax(5rem, max-content) 1fr', alignContent: 'space-evenly', alignItems: 'center', columnGap: 1.5, rowGap: 1 }}
          >
            {byStatus.map((column) => (
              <Fragment key={column.status}>
                <Typography component="dt" variant="body2" color="text.secondary" noWrap sx={{ textAlign: 'end' }}>
                  {translate(statusLabelKey(column.status), { _: column.status })}
                </Typography>
                <Box component="dd" sx={{ margin: 0, display: 'flex', alignItems: 'center', gap: 1 }} data-testid={`status-chart-${column.status}`}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Box
                      data-testid="status-chart-bar"
                      sx={(theme) => ({
                        height: 22,
                        width: `${statusBarPercent(column.count, largest)}%`,
                        backgroundColor: statusColorOnPaper(column.status, theme.palette.mode),
                        borderRadius: 0.5,
                      })}
                    />
                  </Box>
                  <Typography variant="body2" sx={{ minWidth: '3.5em', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                    {column.count.toLocaleString('en-US')}
                  </Typography>
                </Box>
              </Fragment>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
