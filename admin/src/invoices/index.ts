import { lazy } from 'react';
import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import type { RaRecord } from 'react-admin';

/** Invoices: registered so that the navigation entry exists; the screen itself comes in a later issue. */
export default {
  list: lazy(() => import('./InvoiceList')),
  edit: undefined,
  create: undefined,
  icon: InvoiceIcon,
  recordRepresentation: (record: RaRecord) => record.invoiceNumber ?? record.fileName ?? String(record.id),
};
