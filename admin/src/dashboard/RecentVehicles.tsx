import { Box, Button, Card, CardContent, CardHeader, Divider, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { DashboardData } from '../providers/dataProvider';
import { StatusChip } from '../vehicles/StatusChip';
import { VinText, vehicleEditPath } from '../vehicles/VinText';

/** The 5 most recent vehicles: VIN (a link to the vehicle), make, model, year, status badge. */
export const RecentVehicles = ({ vehicles, isPending }: { vehicles: DashboardData['recentVehicles'] | undefined; isPending: boolean }) => {
  const translate = useTranslate();
  const data = vehicles ?? [];
  return (
    <Card data-testid="recent-vehicles" sx={{ height: '100%' }}>
      <CardHeader
        title={translate('dashboard.recentVehicles')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button component={Link} to="/vehicles" size="small">
            {translate('dashboard.viewAll')}
          </Button>
        }
      />
      <Divider />
      <CardContent sx={{ paddingBlock: 0 }}>
        {isPending ? (
          <Box sx={{ paddingBlock: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : data.length === 0 ? (
          <Typography color="text.secondary" sx={{ paddingBlock: 3, textAlign: 'center' }}>
            {translate('dashboard.noVehicles')}
          </Typography>
        ) : (
          <List disablePadding>
            {data.map((vehicle, index) => (
              <ListItem key={vehicle.id} divider={index < data.length - 1} disableGutters secondaryAction={<StatusChip status={vehicle.status} />}>
                <ListItemText
                  primary={<VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />}
                  secondary={[vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' · ') || '—'}
                  sx={{ paddingInlineEnd: 14 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};
