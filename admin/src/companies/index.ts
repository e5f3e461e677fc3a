import { lazy } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import type { RaRecord } from 'react-admin';

/** Companies (SUPER_ADMIN): a list with an add dialog; there is no separate create or edit page. */
export default {
  list: lazy(() => import('./CompanyList')),
  edit: undefined,
  create: undefined,
  icon: BusinessIcon,
  recordRepresentation: (record: RaRecord) => `${record.name} (${record.code})`,
};
