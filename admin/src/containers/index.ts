import { lazy } from 'react';
import ContainerIcon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';

/** Containers: registered so that the navigation entry exists; the screen itself comes in a later issue. */
export default {
  list: lazy(() => import('./ContainerList')),
  edit: undefined,
  create: undefined,
  icon: ContainerIcon,
  recordRepresentation: (record: RaRecord) => record.number ?? String(record.id),
};
