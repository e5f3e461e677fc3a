import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  downloadCSV,
  useRecordContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { can } from '@domain/permissions';
import { RequireAccess } from '../layout/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EmptyState } from '../common/EmptyState';
import { DeleteIconButton } from '../common/DeleteIconButton';
import { Ltr, showEmptyChoice } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { AddVehicleButton } from './AddVehicleButton';
import { BulkStatusButton } from './BulkStatusButton';
import { StatusChip } from './StatusChip';
import { StatusSelect } from './StatusSelect';
import { statusChoices, statusLabelKey } from './status';
import { toCsv } from './csv';
import { VinText, vehicleEditPath } from './VinText';
import { ThumbnailHeader, VehicleThumbnail } from '../files/VehicleThumbnail';

const DeleteVehicleButton = () => {
  const record = useRecordContext();
  const translateWith = useTranslateWith();
  if (!record) return null;
  return (
    <DeleteIconButton
      resource="vehicles"
      record={record}
      name={record.vin}
      confirmTitle={translateWith('vehicles.deleteTitle', { vin: <Name>{record.vin}</Name> })}
      confirmContent="vehicles.deleteConfirm"
      successMessage="msg.vehicleDeleted"
      errorFallback="msg.vehicleDeleteFailed"
    />
  );
};

const EditVehicleLink = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('ra.action.edit');
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={vehicleEditPath(record.id)} size="small" color="primary" aria-label={`${label} ${record.vin}`} data-testid="edit-vehicle">
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
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
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('vehicles.searchHint')} sx={{ width: { xs: '100%', sm: 300 } }} />,
    <SelectInput key="status" source="status" label="vehicles.filterStatus" alwaysOn emptyText="common.all" choices={statusChoices} slotProps={showEmptyChoice} />,
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
          <DataTable.Col source="thumbnailFileId" label={<ThumbnailHeader />} disableSort cellSx={() => ({ width: 44, paddingBlock: 0.5, paddingInline: 0.5 })} render={(record) => <VehicleThumbnail record={record} to={vehicleEditPath(record.id)} />} />
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
              <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
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
