import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';

/** The Activity page: the record of events (GET /api/audit-log), read only. */
export default {
  list: lazy(() => import('./ActivityList')),
  edit: undefined,
  create: undefined,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) => `#${record.id}`,
};
