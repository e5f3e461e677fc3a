import { lazy } from 'react';
import { Route } from 'react-router';
import BusinessIcon from '@mui/icons-material/Business';
import type { RaRecord } from 'react-admin';

const CompanySettingsById = lazy(() => import('../companyProfile/CompanySettings').then((module) => ({ default: module.CompanySettingsById })));

/**
 * Companies (SUPER_ADMIN): a list with an add dialog; there is no separate create or edit page.
 * Each company's settings (invoice profile and logo) are at /companies/{id}/settings.
 */
export default {
  list: lazy(() => import('./CompanyList')),
  edit: undefined,
  create: undefined,
  icon: BusinessIcon,
  recordRepresentation: (record: RaRecord) => `${record.name} (${record.code})`,
  children: <Route path=":id/settings" element={<CompanySettingsById />} />,
};
