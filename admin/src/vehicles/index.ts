import { lazy } from 'react';
import VehicleIcon from '@mui/icons-material/DirectionsCar';
import type { RaRecord } from 'react-admin';

/** Vehicles: registered so that the navigation entry exists; the screen itself comes in a later issue. */
export default {
  list: lazy(() => import('./VehicleList')),
  edit: undefined,
  create: undefined,
  icon: VehicleIcon,
  recordRepresentation: (record: RaRecord) => record.vin ?? String(record.id),
};
