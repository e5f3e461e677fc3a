import { Box, Link as MuiLink, Typography } from '@mui/material';
import { ContainerStatusChip } from './ContainerStatusChip';
import {
  DataTable,
  List,
  SearchInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import { can, seesEveryCompany } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { SheetExportButton } from '../common/SheetExportButton';
import { ImportButton } from '../imports/ImportButton';
import { EmptyState } from '../common/EmptyState';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { BulkDeleteButton, type BulkDeleteMessages } from '../common/BulkDeleteButton';
import { DateText } from '../common/Fields';
import { containerPorts, type PortLike } from '../common/ports';
import { PortLabel } from '../common/PortLabel';
import { AddContainerButton, EditContainerButton } from './ContainerDialog';
import { WarningSign, useCapacityText } from './ContainerWarnings';
import { ContainerInvoiceMode, useInvoiceMode } from '../invoices/ContainerInvoiceMode';
import { ResponsiveList } from '../common/ResponsiveList';
import { ContainerCard } from './ContainerCard';
import { Isolated } from '../common/Bidi';
import { ListActionsToolbar } from '../common/ListActionsToolbar';

export const containerPath = (id: unknown) => `/containers/${id}`;

const DELETE_MESSAGES: DeleteMessages = {
  title: 'containers.deleteTitle',
  titleParam: 'number',
  content: 'containers.deleteConfirm',
  success: 'msg.containerDeleted',
  failure: 'containers.deleteFailed',
};

const BULK_DELETE_MESSAGES: BulkDeleteMessages = {
  title: 'containers.bulkDeleteTitle',
  content: 'containers.bulkDeleteConfirm',
  success: 'containers.bulkDeleted',
  failure: 'containers.deleteFailed',
};

/** The cards' sort menu: the list's own order (newest first), the table's sorts, and the arrival the card shows. */
const PHONE_SORTS = ['createdAt', 'number', 'loadingDate', 'arrivalDate', 'bookingNumber', 'containerSize', 'shippingLine'];

const RowActions = () => {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      {can(user?.role, 'containers', 'update') && <EditContainerButton record={record} compact />}
      {can(user?.role, 'containers', 'delete') && <DeleteRecordButton name={(row) => row.number} messages={DELETE_MESSAGES} undoable />}
    </Box>
  );
};

/** The port of origin above the port of destination, each 'name - country' or '-'. */
const Route = ({ from, to }: { from: PortLike | null; to: PortLike | null }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 0.75, alignItems: 'baseline' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('containers.from')}
      </Typography>
      <Typography variant="body2" data-testid="port-from">
        <PortLabel port={from} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('containers.to')}
      </Typography>
      <Typography variant="body2" data-testid="port-to">
        <PortLabel port={to} />
      </Typography>
    </Box>
  );
};

const Mono = ({ children }: { children: React.ReactNode }) => (
  <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

const ContainerList = () => {
  const translate = useTranslate();
  const capacityText = useCapacityText();
  const { user } = useCurrentUser();
  const canCreate = can(user?.role, 'containers', 'create');
  const showsCompany = seesEveryCompany(user?.role);
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('containers.searchHint')} sx={{ width: { xs: '100%', sm: 340 } }} />];
  // /containers?action=invoice: the invoice mode (admin/src/invoices) takes the screen's place.
  const invoiceMode = useInvoiceMode();
  if (invoiceMode) return <ContainerInvoiceMode />;
  return (
    <RequireAccess resource="containers">
      <List
        title="nav.containers"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={<ListActionsToolbar><SheetExportButton resource="containers" />{canCreate && <ImportButton resource="containers" />}{canCreate && <AddContainerButton />}</ListActionsToolbar>}
        empty={<EmptyState message="containers.empty" hint="containers.emptyHint" action={canCreate ? <Box sx={{ display: 'flex', gap: 1 }}><AddContainerButton /><ImportButton resource="containers" /></Box> : undefined} />}
      >
        <ResponsiveList
          testId="containers-table"
          sortFields={PHONE_SORTS}
          card={(record) => <ContainerCard record={record} showsCompany={showsCompany} actions={<RowActions />} />}
          table={
            <DataTable bulkActionButtons={can(user?.role, 'containers', 'delete') ? <BulkDeleteButton messages={BULK_DELETE_MESSAGES} /> : false} rowClick={false} data-testid="containers-table" sx={{ '& .MuiTableCell-root': { paddingInline: 1 } }}>
              <DataTable.Col
                source="number"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(record) => (
                  <>
                    <MuiLink component={Link} to={containerPath(record.id)} underline="hover" aria-label={translate('containers.open', { number: record.number })} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                      <Mono>{record.number}</Mono>
                    </MuiLink>
                    {record.numberCheckDigitValid === false && <WarningSign text={translate('containers.checkDigitWarning')} testId="row-check-digit-warning" />}
                    {showsCompany && record.companyName && (
                      <Typography variant="caption" color="text.secondary" component="div" dir="auto" sx={{ whiteSpace: 'normal', maxWidth: 160 }}>
                        {record.companyName}
                      </Typography>
                    )}
                  </>
                )}
              />
              <DataTable.Col source="status" label="milestones.status" disableSort render={(record) => <ContainerStatusChip status={record.status ?? 'BOOKED'} late={record.arrivalLate} />} />
              <DataTable.Col source="bookingNumber" render={(record) => (record.bookingNumber ? <Mono>{record.bookingNumber}</Mono> : '—')} />
              <DataTable.Col source="containerSize" render={(record) => (record.containerSize ? <Mono>{record.containerSize}</Mono> : '—')} />
              <DataTable.Col
                source="loadingDate"
                label="resources.containers.fields.dates"
                render={(record) => (
                  <>
                    <Box aria-label={translate('resources.containers.fields.loadingDate')}>
                      <DateText value={record.loadingDate} />
                    </Box>
                    <Box aria-label={translate('resources.containers.fields.arrivalDate')} sx={{ color: 'text.secondary' }}>
                      <DateText value={record.arrivalDate} />
                    </Box>
                  </>
                )}
              />
              <DataTable.Col source="sealNumber" disableSort render={(record) => (record.sealNumber ? <Mono>{record.sealNumber}</Mono> : '—')} />
              <DataTable.Col source="shippingLine" render={(record) => (record.shippingLine ? <Isolated>{record.shippingLine}</Isolated> : '—')} />
              <DataTable.Col
                source="fromPortId"
                label="containers.route"
                disableSort
                cellSx={() => ({ minWidth: 140, maxWidth: 220 })}
                render={(record) => <Route {...containerPorts(record)} />}
              />
              <DataTable.Col
                source="vehicleCount"
                disableSort
                align="center"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(record) => (
                  <>
                    <span data-testid="vehicle-count">{record.vehicleCount ?? 0}</span>
                    {record.overCapacity && <WarningSign text={capacityText(record)} testId="row-capacity-warning" />}
                  </>
                )}
              />
              <DataTable.Col label="common.actions" disableSort align="right">
                <RowActions />
              </DataTable.Col>
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default ContainerList;
