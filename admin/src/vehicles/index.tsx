import { lazy } from 'react';
import { Route } from 'react-router';
import VehicleIcon from '@mui/icons-material/DirectionsCar';
import type { RaRecord } from 'react-admin';

const VehicleEdit = lazy(() => import('./VehicleEdit'));

/**
 * Vehicles: the list (with the add dialog and the row status dropdown) and the edit page at
 * /vehicles/{id}/edit (SPEC.md §2), a route of its own rather than react-admin's /vehicles/{id}.
 */
export default {
  list: lazy(() => import('./VehicleList')),
  edit: undefined,
  create: undefined,
  hasEdit: true,
  icon: VehicleIcon,
  recordRepresentation: (record: RaRecord) => record.vin ?? String(record.id),
  children: <Route path=":id/edit" element={<VehicleEdit />} />,
};
