import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';

/** Users: a list with approve, change-role, add and delete actions for SUPER_ADMIN; read-only otherwise. */
export default {
  list: lazy(() => import('./UserList')),
  edit: undefined,
  create: undefined,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => record.username,
};
