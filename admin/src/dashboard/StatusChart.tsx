import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { STATUS_COLORS, statusLabelKey } from '../vehicles/status';
import type { DashboardData } from './api';

/**
 * Vehicles by status as bars, one per status in the order a car moves, each in its status's
 * colour. Loaded on its own (React.lazy in Dashboard.tsx): the chart library stays out of the
 * console's first load. In Arabic the chart is mirrored: labels on the right, bars growing left.
 */
const StatusChart = ({ byStatus }: { byStatus: NonNullable<DashboardData['byStatus']> }) => {
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  const labels = byStatus.map((column) => translate(statusLabelKey(column.status), { _: column.status }));
  // With no vehicle at all the bars say nothing (and the axis has no scale to draw): say so instead.
  const empty = byStatus.every((column) => column.count === 0);
  return (
    <Card data-testid="status-chart" role="figure" aria-label={translate('dashboard.chartLabel')} sx={{ height: '100%' }}>
      <CardContent>
        {empty ? (
          <Box sx={{ height: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography color="text.secondary" data-testid="status-chart-empty">
              {translate('dashboard.noVehicles')}
            </Typography>
          </Box>
        ) : (
          <BarChart
            layout="horizontal"
            height={300}
            hideLegend
            skipAnimation
            yAxis={[
              {
                scaleType: 'band',
                data: labels,
                position: rtl ? 'right' : 'left',
                width: 110,
                colorMap: { type: 'ordinal', values: labels, colors: byStatus.map((column) => STATUS_COLORS[column.status].text) },
              },
            ]}
            xAxis={[{ reverse: rtl, tickMinStep: 1 }]}
            series={[{ data: byStatus.map((column) => column.count), label: translate('dashboard.statistics') }]}
          />
        )}
      </CardContent>
    </Card>
  );
};

export default StatusChart;
