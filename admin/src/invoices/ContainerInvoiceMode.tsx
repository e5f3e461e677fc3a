import { useCallback, useState } from 'react';
import { Box, Button, Checkbox, Chip, CircularProgress, FormControlLabel, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import CancelIcon from '@mui/icons-material/Cancel';
import { DataTable, Form, List, SearchInput, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { seesEveryCompany } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EmptyState } from '../common/EmptyState';
import { DateText, Ltr } from '../common/Fields';
import { Section } from '../common/Section';
import { containerPorts } from '../common/ports';
import { PortRoute } from '../common/PortLabel';
import { InvoiceForm, useInvoiceFormDefaults } from './InvoiceForm';
import type { InvoiceFormValues } from './invoiceRequest';
import { useGenerateInvoice } from './useGenerateInvoice';
import { useSeller } from './useSeller';
import { InvoiceNumbers, useReinvoiceConfirm } from './ReinvoiceConfirm';
import { profilePathFor } from '../companyProfile/paths';
import { ResponsiveList } from '../common/ResponsiveList';
import { ListCard, type CardFact } from '../common/ListCard';

/** /containers?action=invoice switches the containers screen to invoice generation (SPEC.md §2). */
export const useInvoiceMode = () => useSearchParams()[0].get('action') === 'invoice';

export const INVOICES_PATH = '/invoices';

const flipInRtl = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) } as const;

export const BackToInvoices = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={INVOICES_PATH} startIcon={<ArrowBackIcon sx={flipInRtl} />} data-testid="back-to-invoices">
      {translate('invoice.backToInvoices')}
    </Button>
  );
};

type Selection = Map<string, RaRecord>;

interface SelectionApi {
  selection: Selection;
  /** The company of the chosen containers: an invoice covers one company's containers. */
  companyId: unknown;
  toggle: (record: RaRecord) => void;
  setMany: (records: RaRecord[], checked: boolean) => void;
}

const keyOf = (record: RaRecord) => String(record.id);
const selectable = (api: SelectionApi, record: RaRecord) => api.selection.size === 0 || api.companyId == null || String(record.companyId) === String(api.companyId);

function useSelection(): SelectionApi {
  const [selection, setSelection] = useState<Selection>(new Map());
  const companyId = selection.size ? [...selection.values()][0].companyId : undefined;
  const toggle = useCallback((record: RaRecord) => {
    setSelection((current) => {
      const next = new Map(current);
      if (next.has(keyOf(record))) next.delete(keyOf(record));
      else next.set(keyOf(record), record);
      return next;
    });
  }, []);
  const setMany = useCallback((records: RaRecord[], checked: boolean) => {
    setSelection((current) => {
      const next = new Map(current);
      for (const record of records) {
        if (checked) next.set(keyOf(record), record);
        else next.delete(keyOf(record));
      }
      return next;
    });
  }, []);
  return { selection, companyId, toggle, setMany };
}

/** The checkbox of a row; another company's containers cannot join a selection. */
const RowCheckbox = ({ record, api }: { record: RaRecord; api: SelectionApi }) => {
  const translate = useTranslate();
  const allowed = selectable(api, record);
  const box = (
    <Checkbox
      size="small"
      checked={api.selection.has(keyOf(record))}
      disabled={!allowed}
      onClick={(event) => event.stopPropagation()}
      onChange={() => api.toggle(record)}
      slotProps={{ input: { 'aria-label': translate('invoice.selectLabel', { number: record.number }) } }}
      data-testid="invoice-checkbox"
    />
  );
  return allowed ? box : <Tooltip title={translate('invoice.otherCompany')}><span>{box}</span></Tooltip>;
};

/** "Select every container on this page" (of the selection's company). */
const PageCheckbox = ({ api }: { api: SelectionApi }) => {
  const translate = useTranslate();
  const { data = [] } = useListContext();
  const eligible = data.filter((record) => selectable(api, record));
  const chosen = eligible.filter((record) => api.selection.has(keyOf(record)));
  const all = eligible.length > 0 && chosen.length === eligible.length;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={chosen.length > 0 && !all}
      disabled={eligible.length === 0}
      onChange={() => api.setMany(eligible, !all)}
      slotProps={{ input: { 'aria-label': translate('invoice.selectPage') } }}
      data-testid="invoice-page-checkbox"
    />
  );
};

/**
 * A container of invoice mode on a phone: its checkbox beside its number, and every column of the
 * table as a fact (full dates, the route, the invoices it is already on), nothing off-screen.
 */
const InvoiceContainerCard = ({ record, api, showsCompany }: { record: RaRecord; api: SelectionApi; showsCompany: boolean }) => {
  const facts: CardFact[] = [
    ...(showsCompany ? [{ name: 'companyName', label: 'resources.containers.fields.companyName', value: <bdi dir="auto">{record.companyName ?? '—'}</bdi> }] : []),
    { name: 'loadingDate', label: 'resources.containers.fields.loadingDate', value: <DateText value={record.loadingDate} /> },
    { name: 'route', label: 'containers.route', value: <PortRoute {...containerPorts(record)} /> },
    { name: 'containerSize', label: 'resources.containers.fields.containerSize', value: record.containerSize ? <Ltr>{record.containerSize}</Ltr> : '—' },
    { name: 'bookingNumber', label: 'resources.containers.fields.bookingNumber', value: record.bookingNumber ? <Ltr>{record.bookingNumber}</Ltr> : '—' },
    { name: 'vehicleCount', label: 'resources.containers.fields.vehicleCount', value: String(record.vehicleCount ?? 0) },
    { name: 'invoiceNumbers', label: 'invoice.invoicedIn', value: <InvoiceNumbers container={record} /> },
  ];
  return (
    <ListCard
      title={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, marginInlineStart: -1 }}>
          <RowCheckbox record={record} api={api} />
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            <Ltr>{record.number}</Ltr>
          </Box>
        </Box>
      }
      facts={facts}
    />
  );
};

/** On a phone, "select every container on this page" with its words (the table has it in its heading). */
const PhonePageCheckbox = ({ api }: { api: SelectionApi }) => {
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={<PageCheckbox api={api} />}
      label={<Typography variant="body2">{translate('invoice.phoneSelectPage')}</Typography>}
      sx={{ marginInline: 0, paddingInline: 1 }}
      data-testid="invoice-phone-page-checkbox"
    />
  );
};

/** What is selected, across pages and searches: chips that can be removed. */
const SelectionSummary = ({ api }: { api: SelectionApi }) => {
  const translate = useTranslate();
  const records = [...api.selection.values()];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, paddingBlockEnd: 1 }} data-testid="invoice-selection">
      <Typography variant="body2" role="status" color={records.length ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: records.length ? 600 : 400 }}>
        {records.length ? translate('invoice.selectedCount', { smart_count: records.length }) : translate('invoice.noneSelected')}
      </Typography>
      {records.map((record) => (
        <Chip
          key={keyOf(record)}
          size="small"
          label={<Ltr>{record.number}</Ltr>}
          onDelete={() => api.toggle(record)}
          deleteIcon={<CancelIcon titleAccess={translate('invoice.unselect', { number: record.number })} />}
          sx={{ fontFamily: 'monospace' }}
        />
      ))}
    </Box>
  );
};

const ContainerPicker = ({ api }: { api: SelectionApi }) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('containers.searchHint')} sx={{ width: { xs: '100%', sm: 340 } }} />];
  return (
    <List
      resource="containers"
      title="invoice.generate"
      disableSyncWithLocation
      storeKey={false}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      filters={filters}
      exporter={false}
      actions={false}
      component="div"
      empty={<EmptyState message="invoice.noContainers" hint="invoice.noContainersHint" />}
      sx={{ '& .RaList-content': { boxShadow: 'none' } }}
    >
      {isPhone && <PhonePageCheckbox api={api} />}
      <ResponsiveList
        testId="invoice-containers-table"
        card={(record) => <InvoiceContainerCard record={record} api={api} showsCompany={seesEveryCompany(user?.role)} />}
        table={
          <DataTable
            bulkActionButtons={false}
            rowClick={(_id, _resource, record) => {
              if (selectable(api, record)) api.toggle(record);
              return false;
            }}
            data-testid="invoice-containers-table"
            sx={{ '& .MuiTableCell-root': { paddingInline: 1 } }}
          >
            <DataTable.Col label={<PageCheckbox api={api} />} disableSort cellSx={() => ({ width: 48 })} render={(record) => <RowCheckbox record={record as RaRecord} api={api} />} />
            <DataTable.Col
              source="number"
              cellSx={() => ({ whiteSpace: 'nowrap', fontFamily: 'monospace', fontWeight: 600 })}
              render={(record) => (
                <>
                  <Ltr>{record.number}</Ltr>
                  {seesEveryCompany(user?.role) && record.companyName && (
                    <Typography variant="caption" color="text.secondary" component="div" dir="auto" sx={{ fontFamily: 'inherit', fontWeight: 400 }}>
                      {record.companyName}
                    </Typography>
                  )}
                </>
              )}
            />
            <DataTable.Col source="bookingNumber" render={(record) => (record.bookingNumber ? <Ltr>{record.bookingNumber}</Ltr> : '—')} />
            <DataTable.Col source="containerSize" render={(record) => (record.containerSize ? <Ltr>{record.containerSize}</Ltr> : '—')} />
            <DataTable.Col source="loadingDate" render={(record) => <DateText value={record.loadingDate} />} />
            <DataTable.Col
              source="fromPortId"
              label="containers.route"
              disableSort
              render={(record) => (
                <Typography variant="body2" component="span">
                  <PortRoute {...containerPorts(record)} />
                </Typography>
              )}
            />
            <DataTable.Col source="vehicleCount" disableSort align="center" render={(record) => record.vehicleCount ?? 0} />
            <DataTable.Col source="invoiceNumbers" label="invoice.invoicedIn" disableSort render={(record) => <InvoiceNumbers container={record as RaRecord} />} />
          </DataTable>
        }
      />
    </List>
  );
};

const InvoiceModePage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = useSelection();
  const { user } = useCurrentUser();
  const { generate, busy } = useGenerateInvoice();
  const defaults = useInvoiceFormDefaults();
  const none = api.selection.size === 0;
  // The company of the chosen containers (one invoice is one company's), even for a SUPER_ADMIN
  // who belongs to a company; before any is chosen, the user's own company, if any.
  const companyId = api.companyId ?? user?.companyId;
  const { seller, state: sellerState } = useSeller(companyId as number | undefined);
  const { confirm, dialog } = useReinvoiceConfirm();

  const submit = async (values: Record<string, any>) => {
    const chosen = [...api.selection.values()];
    if (!(await confirm(chosen))) return undefined;
    const result = await generate(values as InvoiceFormValues, chosen.map((record) => record.id));
    if (result.ok) {
      navigate(INVOICES_PATH);
      return undefined;
    }
    return result.fieldErrors;
  };

  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="invoice-mode">
      <Box sx={{ marginBlockEnd: 1 }}>
        <BackToInvoices />
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('invoice.generate')}
      </Typography>
      <Typography color="text.secondary" sx={{ marginBlock: 0.5, marginBlockEnd: 2, maxWidth: 760 }}>
        {translate('invoice.modeIntro')}
      </Typography>
      <Stack spacing={2}>
        <Section title="invoice.containersSection" testId="invoice-containers">
          <SelectionSummary api={api} />
          <ContainerPicker api={api} />
        </Section>
        <Section title="invoice.detailsSection" testId="invoice-form">
          <Form defaultValues={defaults} onSubmit={submit} noValidate>
            <InvoiceForm seller={seller} sellerState={sellerState} profilePath={profilePathFor(user, seller?.companyId ?? (companyId as number | undefined))} />
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, marginBlockStart: 2 }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={none || busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <ReceiptIcon />}
                data-testid="generate-invoice"
              >
                {translate(busy ? 'invoice.generating' : 'invoice.generate')}
              </Button>
              {none && (
                <Typography variant="body2" color="warning.dark" data-testid="select-container-hint">
                  {translate('invoice.selectContainer')}
                </Typography>
              )}
            </Box>
          </Form>
        </Section>
      </Stack>
      {dialog}
    </Box>
  );
};

/** The invoice mode of /containers: pick containers, fill in the invoice, download the PDF. */
export const ContainerInvoiceMode = () => (
  <RequireAccess resource="invoices" action="create">
    <InvoiceModePage />
  </RequireAccess>
);
