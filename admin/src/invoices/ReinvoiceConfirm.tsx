import { useCallback, useId, useState, type ReactNode } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Tooltip } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { Ltr } from '../common/Fields';
import { alreadyInvoiced, invoiceNumbersText, type InvoicedContainer } from './reinvoice';

/** The numbers of the invoices that already include a container, as small chips ('—' if none). */
export const InvoiceNumbers = ({ container, empty = '—' }: { container: InvoicedContainer; empty?: ReactNode }) => {
  const translate = useTranslate();
  const numbers = container.invoiceNumbers ?? [];
  if (!numbers.length) return <>{empty}</>;
  return (
    <Tooltip title={translate('invoice.invoicedOn', { numbers: invoiceNumbersText(container) })}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="invoice-numbers">
        {numbers.map((number) => (
          <Chip key={number} size="small" color="warning" variant="outlined" icon={<WarningIcon />} label={<Ltr>{number}</Ltr>} sx={{ fontFamily: 'monospace' }} />
        ))}
      </Box>
    </Tooltip>
  );
};

type Pending = { containers: InvoicedContainer[]; resolve: (answer: boolean) => void };

/**
 * Asks before invoicing containers that are already on an invoice, naming those invoices.
 * `confirm(containers)` answers true at once when none is; the dialog must be rendered.
 */
export function useReinvoiceConfirm() {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const titleId = useId();
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback((containers: InvoicedContainer[]) => {
    const invoiced = alreadyInvoiced(containers);
    if (!invoiced.length) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => setPending({ containers: invoiced, resolve }));
  }, []);

  const answer = (value: boolean) => {
    pending?.resolve(value);
    setPending(null);
  };

  const dialog = (
    <Dialog open={pending !== null} onClose={() => answer(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="reinvoice-dialog">
      <DialogTitle id={titleId}>{translate('invoice.againTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ marginBlockEnd: 1.5 }}>{translate('invoice.againIntro')}</DialogContentText>
        <Box component="ul" sx={{ margin: 0, paddingInlineStart: 3 }}>
          {pending?.containers.map((container) => (
            <li key={String(container.id)} data-testid="reinvoice-line">
              {translateWith('invoice.againLine', {
                container: <Name><strong>{container.number}</strong></Name>,
                invoices: <Name>{invoiceNumbersText(container)}</Name>,
              })}
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2 }}>
        <Button onClick={() => answer(false)} autoFocus data-testid="reinvoice-cancel">
          {translate('common.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={() => answer(true)} data-testid="reinvoice-confirm">
          {translate('invoice.againConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { confirm, dialog };
}
