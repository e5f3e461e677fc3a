import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Toast } from '../common/Toast';

/** The invoice list searched for one number: its row, with the download action, on the first page. */
export const invoiceListPath = (invoiceNumber: string) => `/invoices?filter=${encodeURIComponent(JSON.stringify({ q: invoiceNumber }))}`;

/**
 * Said after an invoice is generated: its number, and where to download it again. The page
 * cannot tell whether the browser saved the PDF (a sandboxed intranet frame without
 * allow-downloads drops it silently), and an invoice the user believes lost would be made twice.
 */
export const GeneratedInvoiceToast = ({ invoiceNumber }: { invoiceNumber: string }) => {
  const translate = useTranslate();
  return (
    <Toast
      title={translate('invoice.generatedNumbered', { number: invoiceNumber })}
      description={
        <span data-testid="generated-invoice">
          {translate('invoice.downloadAgainHint')}{' '}
          <Link component={RouterLink} to={invoiceListPath(invoiceNumber)} color="inherit" data-testid="generated-invoice-link">
            {translate('invoice.openInList')}
          </Link>
        </span>
      }
    />
  );
};
