import { useState } from 'react';
import { Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { saveBlob } from '../providers/download';
import { fetchInvoicePdf } from './api';
import { invoiceDownloadName } from './fileName';

export const invoiceLabel = (record: Record<string, any>) => String(record.invoiceNumber || record.fileName || record.id);

/** Downloads the stored PDF (GET /api/invoices/{id}/download); 'Failed to download invoice' if it cannot. */
export function useDownloadInvoice(record: RaRecord) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await fetchInvoicePdf(record.id), invoiceDownloadName(record));
    } catch (error) {
      console.error(error);
      notify('invoice.downloadFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}

/** The download action: an icon in table rows, a button in the details dialog. */
export const DownloadInvoiceButton = ({ record, variant = 'icon' }: { record: RaRecord; variant?: 'icon' | 'button' }) => {
  const translate = useTranslate();
  const { download, busy } = useDownloadInvoice(record);
  const label = translate('invoice.downloadLabel', { number: invoiceLabel(record) });
  const icon = busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon fontSize="small" />;
  if (variant === 'button') {
    return (
      <Button variant="contained" startIcon={icon} onClick={download} disabled={busy} aria-label={label} data-testid="download-invoice">
        {translate('invoice.download')}
      </Button>
    );
  }
  return (
    <Tooltip title={translate('invoice.download')}>
      <span>
        <IconButton size="small" color="primary" onClick={download} disabled={busy} aria-label={label} data-testid="download-invoice">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
};
