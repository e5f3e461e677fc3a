import { Box, Link as MuiLink, Typography } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import { can } from '@domain/permissions';
import { RequireAccess } from '../layout/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EmptyState } from '../common/EmptyState';
import { DeleteIconButton } from '../common/DeleteIconButton';
import { DateText } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { containerPorts, portLabel } from '../common/ports';
import { AddContainerButton, EditContainerButton } from './ContainerDialog';
import { WarningSign, useCapacityText } from './ContainerWarnings';

export const containerPath = (id: unknown) => `/containers/${id}`;

const DeleteContainerButton = () => {
  const record = useRecordContext();
  const translateWith = useTranslateWith();
  if (!record) return null;
  return (
    <DeleteIconButton
      resource="containers"
      record={record}
      name={record.number}
      confirmTitle={translateWith('containers.deleteTitle', { number: <Name>{record.number}</Name> })}
      confirmContent="containers.deleteConfirm"
      successMessage="msg.containerDeleted"
      errorFallback="containers.deleteFailed"
    />
  );
};

const RowActions = () => {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      {can(user?.role, 'containers', 'update') && <EditContainerButton record={record} compact />}
      {can(user?.role, 'containers', 'delete') && <DeleteContainerButton />}
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
  const locale = useLocale();
  const capacityText = useCapacityText();
  const { user } = useCurrentUser();
  const canCreate = can(user?.role, 'containers', 'create');
  const showsCompany = user?.role === 'SUPER_ADMIN';
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('containers.searchHint')} />];
  return (
    <RequireAccess resource="containers">
      <List
        title="nav.containers"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={canCreate ? <TopToolbar><AddContainerButton /></TopToolbar> : false}
        empty={<EmptyState message="containers.empty" hint="containers.emptyHint" action={canCreate ? <AddContainerButton /> : undefined} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="containers-table">
          <DataTable.Col
            source="number"
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(record) => (
              <>
                <MuiLink component={Link} to={containerPath(record.id)} underline="hover" aria-label={translate('containers.open', { number: record.number })} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  <Mono>{record.number}</Mono>
                </MuiLink>
                {record.numberCheckDigitValid === false && <WarningSign text={translate('containers.checkDigitWarning')} testId="row-check-digit-warning" />}
              </>
            )}
          />
          <DataTable.Col source="bookingNumber" render={(record) => (record.bookingNumber ? <Mono>{record.bookingNumber}</Mono> : '—')} />
          <DataTable.Col source="containerSize" render={(record) => (record.containerSize ? <Mono>{record.containerSize}</Mono> : '—')} />
          <DataTable.Col source="loadingDate" render={(record) => <DateText value={record.loadingDate} />} />
          <DataTable.Col source="arrivalDate" render={(record) => <DateText value={record.arrivalDate} />} />
          <DataTable.Col source="sealNumber" disableSort render={(record) => (record.sealNumber ? <Mono>{record.sealNumber}</Mono> : '—')} />
          <DataTable.Col source="shippingLine" render={(record) => record.shippingLine ?? '—'} />
          <DataTable.Col source="fromPortId" disableSort render={(record) => <Typography variant="body2">{portLabel(containerPorts(record).from, locale)}</Typography>} />
          <DataTable.Col source="toPortId" disableSort render={(record) => <Typography variant="body2">{portLabel(containerPorts(record).to, locale)}</Typography>} />
          {showsCompany && <DataTable.Col source="companyName" disableSort render={(record) => record.companyName ?? '—'} />}
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
      </List>
    </RequireAccess>
  );
};

export default ContainerList;
