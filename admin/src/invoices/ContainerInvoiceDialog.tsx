import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Form, useGetList, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Name, useTranslateWith } from '../common/Interpolate';
import { InvoiceForm, useInvoiceFormDefaults } from './InvoiceForm';
import type { InvoiceFormValues } from './invoiceRequest';
import { addRow, canAddRow, canRemoveRow, optionsForRow, removeRow, setRow, type Rows } from './containerRows';
import { useGenerateInvoice } from './useGenerateInvoice';
import { useSeller } from './useSeller';
import { useReinvoiceConfirm } from './ReinvoiceConfirm';
import { invoiceNumbersText } from './reinvoice';
import { profilePathFor } from '../companyProfile/paths';
import { SELECT_POPUP_MARGIN } from '../common/selectPopup';

/** The most containers one invoice request takes (the API's limit). */
const MAX_CONTAINERS = 100;

const describe = (record: RaRecord | undefined, id: Identifier) =>
  record ? [record.number, record.containerSize].filter(Boolean).join(' · ') : String(id);

/** "Invoiced: INV-…" after a container that is already on an invoice. */
const InvoicedNote = ({ record }: { record: RaRecord | undefined }) => {
  const translate = useTranslate();
  if (!record?.invoiceNumbers?.length) return null;
  return (
    <Typography component="span" variant="caption" color="warning.dark" sx={{ fontFamily: 'inherit', marginInlineStart: 1.5 }} data-testid="invoiced-note">
      {translate('invoice.invoicedOn', { numbers: invoiceNumbersText(record) })}
    </Typography>
  );
};

/** Container line items: one container per row, no container twice, at least one row. */
const ContainerRows = ({ rows, onChange, choices, loading }: { rows: Rows; onChange: (rows: Rows) => void; choices: RaRecord[]; loading: boolean }) => {
  const translate = useTranslate();
  const all = choices.map((record) => record.id).slice(0, MAX_CONTAINERS);
  const byId = new Map(choices.map((record) => [String(record.id), record]));
  const addable = !loading && canAddRow(all, rows);
  return (
    <Box component="fieldset" sx={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid="invoice-container-rows">
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 600, paddingBlockEnd: 0.5 }}>
        {translate('invoice.containersSection')}
      </Typography>
      {rows.map((id, index) => {
        const options = optionsForRow(all, rows, index);
        // The row's own container is always offered, even before the list has loaded.
        const shown = options.some((option) => String(option) === String(id)) ? options : [id, ...options];
        const label = translate('invoice.containerRow', { index: index + 1 });
        return (
          <Box key={String(id)} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="invoice-container-row">
            <TextField
              select
              size="small"
              margin="dense"
              variant="filled"
              fullWidth
              label={label}
              value={String(id)}
              onChange={(event) => {
                const chosen = shown.find((option) => String(option) === event.target.value);
                if (chosen !== undefined) onChange(setRow(rows, index, chosen));
              }}
              slotProps={{ htmlInput: { 'data-testid': 'invoice-container-select' }, select: { MenuProps: { marginThreshold: SELECT_POPUP_MARGIN, slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
            >
              {shown.map((option) => (
                <MenuItem key={String(option)} value={String(option)} sx={{ fontFamily: 'monospace', display: 'flex', flexWrap: 'wrap' }}>
                  <bdi dir="ltr">{describe(byId.get(String(option)), option)}</bdi>
                  <InvoicedNote record={byId.get(String(option))} />
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={translate('invoice.removeContainer')}>
              <span>
                <IconButton
                  onClick={() => onChange(removeRow(rows, index))}
                  disabled={!canRemoveRow(rows)}
                  aria-label={`${translate('invoice.removeContainer')} (${label})`}
                  data-testid="invoice-remove-row"
                >
                  <RemoveIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, marginBlockStart: 0.5 }}>
        <Button
          size="small"
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          onClick={() => onChange(addRow(all, rows))}
          disabled={!addable}
          data-testid="invoice-add-row"
        >
          {translate('invoice.addContainer')}
        </Button>
        {!loading && !addable && (
          <Typography variant="caption" color="text.secondary" data-testid="invoice-all-chosen">
            {translate('invoice.allChosen')}
          </Typography>
        )}
      </Box>
    </Box>
  );
};

const InvoiceDialog = ({ container, open, onClose }: { container: RaRecord; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [rows, setRows] = useState<Rows>([container.id]);
  const defaults = useInvoiceFormDefaults();
  const { generate, busy } = useGenerateInvoice();
  const { user } = useCurrentUser();
  const { seller, state: sellerState } = useSeller(container.companyId);
  // The containers that can share the invoice: those of the same company (the API's rule).
  const { data = [], isPending, error } = useGetList('containers', {
    filter: { companyId: container.companyId },
    pagination: { page: 1, perPage: MAX_CONTAINERS },
    sort: { field: 'number', order: 'ASC' },
  });
  const choices = data.some((record) => String(record.id) === String(container.id)) ? data : [container, ...data];
  const { confirm, dialog } = useReinvoiceConfirm();

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (values: Record<string, any>) => {
    const byId = new Map(choices.map((record) => [String(record.id), record]));
    const chosen = rows.map((id) => byId.get(String(id)) ?? { id });
    if (!(await confirm(chosen))) return undefined;
    const result = await generate(values as InvoiceFormValues, rows);
    if (result.ok) {
      onClose();
      return undefined;
    }
    return result.fieldErrors;
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}
      data-testid="container-invoice-dialog"
      // The form holds title, content and actions: it must be the paper's flex column, so that the
      // content scrolls between a title and actions that stay in view.
      sx={{ '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, overflow: 'hidden' } }}
    >
      <Form defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogTitle id={titleId} sx={{ paddingInlineEnd: 6 }}>
          {translateWith('invoice.dialogTitle', { number: <Name>{container.number}</Name> })}
        </DialogTitle>
        <IconButton aria-label={translate('common.close')} title={translate('common.close')} onClick={close} disabled={busy} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {error ? <Alert severity="warning">{translate('invoice.containersLoadFailed')}</Alert> : null}
          <ContainerRows rows={rows} onChange={setRows} choices={choices} loading={isPending} />
          <InvoiceForm seller={seller} sellerState={sellerState} profilePath={profilePathFor(user, container.companyId)} />
        </DialogContent>
        <DialogActions sx={{ paddingInline: 3, paddingBlock: 1.5 }}>
          <Button onClick={close} disabled={busy}>
            {translate('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || rows.length === 0}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <ReceiptIcon />}
            data-testid="generate-invoice"
          >
            {translate(busy ? 'invoice.generating' : 'invoice.generate')}
          </Button>
        </DialogActions>
      </Form>
      {dialog}
    </Dialog>
  );
};

/**
 * The container page's invoice action: a dialog with this container preselected, more containers
 * of the same company as line items, and the invoice form (the company profile's defaults).
 * Shown only to roles that may generate invoices.
 */
export const ContainerInvoiceButton = ({ container }: { container: RaRecord }) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  if (!can(user?.role, 'invoices', 'create')) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReceiptIcon />}
        onClick={() => {
          setSession((n) => n + 1); // a fresh form each time
          setOpen(true);
        }}
        data-testid="container-invoice-button"
      >
        {translate('invoice.generate')}
      </Button>
      {session > 0 && <InvoiceDialog key={session} container={container} open={open} onClose={() => setOpen(false)} />}
    </>
  );
};
