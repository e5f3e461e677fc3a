import { lazy } from 'react';
import { Route } from 'react-router';
import ContainerIcon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';

const ContainerShow = lazy(() => import('./ContainerShow'));

/**
 * Containers: the list with add, edit and delete dialogs, and the container page at
 * /containers/{id} (SPEC.md §2) where vehicles are put in and taken out.
 */
export default {
  list: lazy(() => import('./ContainerList')),
  edit: undefined,
  create: undefined,
  hasShow: true,
  icon: ContainerIcon,
  recordRepresentation: (record: RaRecord) => record.number ?? String(record.id),
  children: <Route path=":id" element={<ContainerShow />} />,
};
