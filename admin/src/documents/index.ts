import { lazy } from 'react';
import DocumentIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';

/** Shared documents (SPEC.md §2 /documents): list, download, delete; upload for SUPER_ADMIN. */
export default {
  list: lazy(() => import('./DocumentList')),
  edit: undefined,
  create: undefined,
  icon: DocumentIcon,
  recordRepresentation: (record: RaRecord) => record.fileName ?? String(record.id),
};
