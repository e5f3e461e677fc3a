import { Box, ListItemText } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Ltr } from '../common/Fields';
import { formatListDate, parseApiDate } from '../common/dates';
import { PortLabel } from '../common/PortLabel';
import { StatusChip } from '../vehicles/StatusChip';
import { VinText, makeModelYear, vehicleEditPath } from '../vehicles/VinText';
import type { ArrivingVehicle } from './api';
import { RecentCard } from './RecentCard';

/** When the car's container arrives, or was due (overdue and not yet delivered), in the page's language. */
const Arrival = ({ vehicle }: { vehicle: ArrivingVehicle }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const due = parseApiDate(vehicle.arrivalDate);
  const overdue = !!due && due.getTime() < Date.now();
  const destination = vehicle.toPortName ? { name: vehicle.toPortName, nameAr: vehicle.toPortNameAr, country: vehicle.toPortCountry } : null;
  return (
    <>
      <Box component="span" sx={{ color: overdue ? 'warning.dark' : undefined, fontWeight: 500 }} data-testid="arrival-date">
        {translate(overdue ? 'dashboard.arrivalWasDue' : 'dashboard.arrivesOn', { date: formatListDate(vehicle.arrivalDate, locale) })}
      </Box>
      {destination && (
        <>
          {' · '}
          <PortLabel port={destination} />
        </>
      )}
      {' · '}
      <Ltr>{vehicle.containerNumber}</Ltr>
    </>
  );
};

/**
 * A buyer's cars whose container arrives within two weeks, or is overdue and not yet delivered,
 * soonest first (GET /api/dashboard `arrivingSoon`).
 */
export const ArrivingSoon = ({ vehicles, isPending }: { vehicles: ArrivingVehicle[] | undefined; isPending: boolean }) => (
  <RecentCard
    testId="arriving-soon"
    title="dashboard.arrivingSoon"
    emptyText="dashboard.nothingArriving"
    items={vehicles}
    isPending={isPending}
    renderBadge={(vehicle) => <StatusChip status={vehicle.status} />}
    renderText={(vehicle) => (
      <ListItemText
        primary={<VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />}
        secondary={
          <>
            {makeModelYear(vehicle)}
            <br />
            <Arrival vehicle={vehicle} />
          </>
        }
        sx={{ paddingInlineEnd: 14 }}
      />
    )}
  />
);
