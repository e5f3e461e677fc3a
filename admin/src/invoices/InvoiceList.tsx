import { Box, Button } from '@mui/material';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { DataTable, List, SearchInput, TopToolbar, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { can, seesEveryCompany } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { SheetExportButton } from '../common/SheetExportButton';
import { EmptyState } from '../common/EmptyState';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { Ltr } from '../common/Fields';
import { DownloadInvoiceButton, invoiceLabel } from './DownloadInvoiceButton';
import { InvoiceDetailsButton } from './InvoiceDetailsDialog';
import { formatInvoiceDate } from './invoiceDate';
import { formatAmount } from './money';
import { ResponsiveList } from '../common/ResponsiveList';
import { InvoiceCard } from './InvoiceCard';
import { Isolated } from '../common/Bidi';

/** Where the Generate button leads: the containers screen in invoice mode (SPEC.md §2). */
export const GENERATE_PATH = '/containers?action=invoice';

export const GenerateInvoiceLink = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={GENERATE_PATH} variant={variant} startIcon={<ReceiptIcon />} data-testid="generate-invoice-link">
      {translate('invoice.generate')}
    </Button>
  );
};

const DELETE_MESSAGES: DeleteMessages = {
  title: 'invoice.deleteTitle',
  titleParam: 'number',
  content: 'invoice.deleteConfirm',
  success: 'invoice.deleted',
  failure: 'invoice.deleteFailed',
};

const RowActions = ({ canDelete }: { canDelete: boolean }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      <DownloadInvoiceButton record={record} />
      <InvoiceDetailsButton record={record} />
      {canDelete && <DeleteRecordButton name={invoiceLabel} messages={DELETE_MESSAGES} />}
    </Box>
  );
};

/** /invoices: the company's invoices, newest first, with download, details and delete. */
const InvoiceList = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { user } = useCurrentUser();
  const canCreate = can(user?.role, 'invoices', 'create');
  const canDelete = can(user?.role, 'invoices', 'delete');
  const showsCompany = seesEveryCompany(user?.role);
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('invoice.searchHint')} sx={{ width: { xs: '100%', sm: 320 } }} />];
  return (
    <RequireAccess resource="invoices">
      <List
        title="nav.invoices"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={<TopToolbar><SheetExportButton resource="invoices" />{canCreate && <GenerateInvoiceLink />}</TopToolbar>}
        empty={<EmptyState message="invoice.empty" hint={canCreate ? 'invoice.emptyHint' : undefined} action={canCreate ? <GenerateInvoiceLink /> : undefined} />}
      >
        <ResponsiveList
          testId="invoices-table"
          // The list's own order (newest first) is no column of the table.
          sortFields={['createdAt', 'invoiceNumber', 'buyerName', 'issuedDate', 'totalAmount']}
          card={(record) => <InvoiceCard record={record} showsCompany={showsCompany} actions={<RowActions canDelete={canDelete} />} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="invoices-table" sx={{ '& .MuiTableCell-root': { paddingInline: 1 } }}>
              <DataTable.Col
                source="invoiceNumber"
                label="invoice.fields.invoiceNumber"
                cellSx={() => ({ whiteSpace: 'nowrap', fontFamily: 'monospace', fontWeight: 600 })}
                render={(record) => <Ltr>{invoiceLabel(record)}</Ltr>}
              />
              {showsCompany && (
                <DataTable.Col source="companyName" label="invoice.fields.company" disableSort render={(record) => <Isolated>{record.companyName ?? '—'}</Isolated>} />
              )}
              <DataTable.Col
                source="containerNumber"
                label="invoice.fields.containerNumber"
                disableSort
                cellSx={() => ({ fontFamily: 'monospace', maxWidth: 260 })}
                render={(record) => (record.containerNumber ? <Ltr>{record.containerNumber}</Ltr> : '—')}
              />
              <DataTable.Col source="buyerName" label="invoice.fields.buyer" render={(record) => <Isolated>{record.buyerName}</Isolated>} />
              <DataTable.Col
                source="issuedDate"
                label="invoice.fields.issuedDate"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(record) => formatInvoiceDate(record.issuedDate, locale) || '—'}
              />
              <DataTable.Col
                source="totalAmount"
                label="invoice.fields.total"
                align="right"
                cellSx={() => ({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 })}
                render={(record) => <Ltr>{formatAmount(record.totalAmount, record.currency)}</Ltr>}
              />
              <DataTable.Col label="common.actions" disableSort align="right">
                <RowActions canDelete={canDelete} />
              </DataTable.Col>
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default InvoiceList;
