import { lazy } from 'react';
import AnchorIcon from '@mui/icons-material/Anchor';
import type { RaRecord } from 'react-admin';
import { portLabel } from '../common/ports';

/** Ports: shared reference data; SUPER_ADMIN adds, edits and deletes them from the list. */
export default {
  list: lazy(() => import('./PortList')),
  edit: undefined,
  create: undefined,
  icon: AnchorIcon,
  recordRepresentation: (record: RaRecord) => portLabel({ name: record.name, country: record.country }),
};
