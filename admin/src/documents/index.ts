import { lazy } from 'react';
import DocumentIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';

/** Documents: registered so that the navigation entry exists; the screen itself comes in a later issue. */
export default {
  list: lazy(() => import('./DocumentList')),
  edit: undefined,
  create: undefined,
  icon: DocumentIcon,
  recordRepresentation: (record: RaRecord) => record.fileName ?? String(record.id),
};
