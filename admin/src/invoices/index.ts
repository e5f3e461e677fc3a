import { lazy } from 'react';
import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import type { RaRecord } from 'react-admin';

/**
 * Invoices: the list with download, details and delete (SPEC.md §2 /invoices). Invoices are made
 * from containers: /containers?action=invoice, or the invoice dialog of a container's page.
 */
export default {
  list: lazy(() => import('./InvoiceList')),
  edit: undefined,
  create: undefined,
  icon: InvoiceIcon,
  recordRepresentation: (record: RaRecord) => record.invoiceNumber ?? record.fileName ?? String(record.id),
};
