import { Box, Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable,
  DeleteWithConfirmButton,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  downloadCSV,
  useNotify,
  useRecordContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { can } from '@domain/permissions';
import { RequireAccess } from '../layout/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { errorMessage } from '../providers/errorMessage';
import { EmptyState } from '../common/EmptyState';
import { Ltr } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { AddVehicleButton } from './AddVehicleButton';
import { BulkStatusButton } from './BulkStatusButton';
import { StatusChip } from './StatusChip';
import { StatusSelect } from './StatusSelect';
import { statusChoices, statusLabelKey } from './status';
import { toCsv } from './csv';
import { VinText, vehicleEditPath } from './VinText';

const DeleteVehicleButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      confirmTitle={translateWith('vehicles.deleteTitle', { vin: <Name>{record.vin}</Name> })}
      confirmContent="vehicles.deleteConfirm"
      confirmColor="warning"
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => notify('msg.vehicleDeleted', { type: 'success' }),
        onError: (error) => notify(errorMessage(error, translate, 'msg.vehicleDeleteFailed'), { type: 'error' }),
      }}
    />
  );
};

const EditVehicleLink = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button component={Link} to={vehicleEditPath(record.id)} size="small" startIcon={<EditIcon />} aria-label={`${translate('ra.action.edit')} ${record.vin}`}>
      {translate('ra.action.edit')}
    </Button>
  );
};

/** CSV export of what the table shows, with translated status labels. */
const useExporter = (): Exporter => {
  const translate = useTranslate();
  return (records) => {
    const field = (name: string) => translate(`resources.vehicles.fields.${name}`);
    const rows = records.map((record) => ({
      [field('vin')]: record.vin,
      [field('make')]: record.make ?? '',
      [field('model')]: record.model ?? '',
      [field('year')]: record.year ?? '',
      [field('vehicleInfo.color')]: record.vehicleInfo?.color ?? '',
      [field('containerNumber')]: record.containerNumber ?? '',
      [field('status')]: translate(statusLabelKey(record.status), { _: record.status }),
    }));
    downloadCSV(toCsv(rows), 'vehicles');
  };
};

const VehicleList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const role = user?.role;
  const canCreate = can(role, 'vehicles', 'create');
  const canEdit = can(role, 'vehicles', 'update');
  const canSetStatus = can(role, 'vehicles', 'setStatus');
  const canDelete = can(role, 'vehicles', 'delete');
  const exporter = useExporter();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('vehicles.searchHint')} />,
    <SelectInput key="status" source="status" label="vehicles.filterStatus" alwaysOn emptyText="common.all" choices={statusChoices} />,
  ];

  return (
    <RequireAccess resource="vehicles">
      <List
        title="nav.vehicles"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={exporter}
        actions={
          <TopToolbar>
            <ExportButton maxResults={1000} />
            {canCreate && <AddVehicleButton />}
          </TopToolbar>
        }
        empty={
          canCreate ? (
            <EmptyState message="vehicles.empty" hint="vehicles.emptyHint" action={<AddVehicleButton />} />
          ) : (
            <EmptyState message={role === 'BUYER' ? 'vehicles.emptyBuyer' : 'vehicles.empty'} />
          )
        }
      >
        <DataTable bulkActionButtons={canSetStatus ? <BulkStatusButton /> : false} rowClick={false} data-testid="vehicles-table">
          <DataTable.Col source="vin" render={(record) => <VinText vin={record.vin} to={vehicleEditPath(record.id)} />} />
          <DataTable.Col source="make" render={(record) => record.make ?? '—'} />
          <DataTable.Col source="model" render={(record) => record.model ?? '—'} />
          <DataTable.Col source="year" render={(record) => record.year ?? '—'} />
          <DataTable.Col source="vehicleInfo.color" disableSort render={(record) => record.vehicleInfo?.color ?? '—'} />
          <DataTable.Col
            source="containerNumber"
            disableSort
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(record) => (record.containerNumber ? <Ltr>{record.containerNumber}</Ltr> : '—')}
          />
          <DataTable.Col
            source="status"
            render={(record) => (canSetStatus ? <StatusSelect record={record as RaRecord} /> : <StatusChip status={record.status} />)}
          />
          {(canEdit || canDelete) && (
            <DataTable.Col label="common.actions" disableSort align="right">
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
                {canEdit && <EditVehicleLink />}
                {canDelete && <DeleteVehicleButton />}
              </Box>
            </DataTable.Col>
          )}
        </DataTable>
      </List>
    </RequireAccess>
  );
};

export default VehicleList;
