import { ListItemText } from '@mui/material';
import type { DashboardData } from './api';
import { StatusChip } from '../vehicles/StatusChip';
import { VinText, makeModelYear, vehicleEditPath } from '../vehicles/VinText';
import { RecentCard } from './RecentCard';

/** The 5 most recent vehicles: VIN (a link to the vehicle), make, model, year, status badge. */
export const RecentVehicles = ({ vehicles, isPending }: { vehicles: DashboardData['recentVehicles'] | undefined; isPending: boolean }) => (
  <RecentCard
    testId="recent-vehicles"
    title="dashboard.recentVehicles"
    viewAllTo="/vehicles"
    emptyText="dashboard.noVehicles"
    items={vehicles}
    isPending={isPending}
    renderBadge={(vehicle) => <StatusChip status={vehicle.status} />}
    renderText={(vehicle) => (
      <ListItemText
        primary={<VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />}
        secondary={makeModelYear(vehicle)}
        sx={{ paddingInlineEnd: 14 }}
      />
    )}
  />
);
