import { CappedPagination } from '../layout/CappedPagination';
import { Box, IconButton, Tooltip, Typography, useMediaQuery, useTheme, type Theme } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable,
  FilterButton,
  List,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { can, seesEveryCompany, seesOnlyOwnPurchases } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { SheetExportButton } from '../common/SheetExportButton';
import { ImportButton } from '../imports/ImportButton';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EmptyState } from '../common/EmptyState';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { Ltr } from '../common/Fields';
import { AddVehicleButton } from './AddVehicleButton';
import { BulkStatusButton } from './BulkStatusButton';
import { BulkDeleteButton, type BulkDeleteMessages } from '../common/BulkDeleteButton';
import { StatusChip } from './StatusChip';
import { StatusSelect } from './StatusSelect';
import { useVehicleFilters } from './VehicleFilters';
import { VinText, makeModelYear, vehicleEditPath } from './VinText';
import { ThumbnailHeader, VehicleThumbnail } from '../files/VehicleThumbnail';
import { ResponsiveList } from '../common/ResponsiveList';
import { VehicleCard } from './VehicleCard';
import { ColorText } from './ColorText';
import { OverdueDocumentsChip } from './OverdueDocumentsChip';
import { Isolated } from '../common/Bidi';
import { ListActionsToolbar } from '../common/ListActionsToolbar';

const DELETE_MESSAGES: DeleteMessages = {
  title: 'vehicles.deleteTitle',
  titleParam: 'vin',
  content: 'vehicles.deleteConfirm',
  success: 'msg.vehicleDeleted',
  failure: 'msg.vehicleDeleteFailed',
};

const BULK_DELETE_MESSAGES: BulkDeleteMessages = {
  title: 'vehicles.bulkDeleteTitle',
  content: 'vehicles.bulkDeleteConfirm',
  success: 'vehicles.bulkDeleted',
  failure: 'msg.vehicleDeleteFailed',
};

/** The cards' sort menu: the list's own order (newest first) and every sort of the full table. */
const PHONE_SORTS = ['createdAt', 'vin', 'make', 'model', 'year', 'status'];

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

/** The buyer under the company name, where the two share a column (a SUPER_ADMIN's narrower table). */
const BuyerCaption = ({ name }: { name: string }) => {
  // An e-mail reads left to right, so it is cut at its end on Arabic pages too, yet aligned with the page.
  const rtl = useTheme().direction === 'rtl';
  return (
    <Typography variant="caption" color="text.secondary" component="div" dir="ltr" title={name} data-testid="buyer-caption" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: rtl ? 'right' : 'left' }}>
      {name}
    </Typography>
  );
};

/** A row's (and a card's) actions: edit and delete, as the role allows. */
const VehicleActions = ({ canEdit, canDelete }: { canEdit: boolean; canDelete: boolean }) => (
  <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
    {canEdit && <EditVehicleLink />}
    {canDelete && <DeleteRecordButton name={(record) => record.vin} messages={DELETE_MESSAGES} undoable />}
  </Box>
);

const VehicleList = () => {
  const { user } = useCurrentUser();
  const role = user?.role;
  const canCreate = can(role, 'vehicles', 'create');
  const canEdit = can(role, 'vehicles', 'update');
  const canSetStatus = can(role, 'vehicles', 'setStatus');
  const canDelete = can(role, 'vehicles', 'delete');
  // A SUPER_ADMIN reads every company's cars: whose they are and who bought them.
  const showsCompany = seesEveryCompany(role);
  // A SUPER_ADMIN's two extra columns make the table wider than a 1280 px screen: below 'xl'
  // make, model, year and colour share one column, and the buyer goes under the company.
  const isExtraWide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'), { noSsr: true });
  const combinesVehicle = showsCompany && !isExtraWide;
  const filters = useVehicleFilters(role);

  return (
    <RequireAccess resource="vehicles">
      <List
        title="nav.vehicles"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<CappedPagination />}
        filters={filters}
        exporter={false}
        actions={
          <ListActionsToolbar>
            <FilterButton />
            <SheetExportButton resource="vehicles" />
            {canCreate && <ImportButton resource="vehicles" />}
            {canCreate && <AddVehicleButton />}
          </ListActionsToolbar>
        }
        empty={
          canCreate ? (
            <EmptyState message="vehicles.empty" hint="vehicles.emptyHint" action={<Box sx={{ display: 'flex', gap: 1 }}><AddVehicleButton /><ImportButton resource="vehicles" /></Box>} />
          ) : (
            <EmptyState message={seesOnlyOwnPurchases(role) ? 'vehicles.emptyBuyer' : 'vehicles.empty'} />
          )
        }
      >
        <ResponsiveList
          testId="vehicles-table"
          sortFields={PHONE_SORTS}
          card={(record) => <VehicleCard record={record} showsCompany={showsCompany} canSetStatus={canSetStatus} actions={(canEdit || canDelete) && <VehicleActions canEdit={canEdit} canDelete={canDelete} />} />}
          table={
            <DataTable
              bulkActionButtons={
                canSetStatus || canDelete ? (
                  <>
                    {canSetStatus && <BulkStatusButton />}
                    {canDelete && <BulkDeleteButton messages={BULK_DELETE_MESSAGES} />}
                  </>
                ) : false
              }
              rowClick={false}
              data-testid="vehicles-table"
              // Two more columns for a SUPER_ADMIN: narrower cell padding keeps status and actions on screen.
              sx={showsCompany ? { '& .MuiTableCell-root': { paddingInline: 1 } } : undefined}
            >
              <DataTable.Col source="thumbnailFileId" label={<ThumbnailHeader />} disableSort cellSx={() => ({ width: 44, paddingBlock: 0.5, paddingInline: 0.5 })} render={(record) => <VehicleThumbnail record={record} to={vehicleEditPath(record.id)} />} />
              <DataTable.Col
                source="vin"
                render={(record) => (
                  <>
                    <VinText vin={record.vin} to={vehicleEditPath(record.id)} />
                    <OverdueDocumentsChip record={record} />
                  </>
                )}
              />
              {showsCompany && (
                <DataTable.Col
                  source="companyName"
                  label={combinesVehicle ? 'vehicles.companyAndBuyer' : undefined}
                  disableSort
                  cellSx={() => ({ maxWidth: 150, overflowWrap: 'anywhere' })}
                  render={(record) => (
                    <>
                      <Isolated>{record.companyName ?? '—'}</Isolated>
                      {combinesVehicle && record.buyerName && <BuyerCaption name={record.buyerName} />}
                    </>
                  )}
                />
              )}
              {combinesVehicle ? (
                <DataTable.Col
                  source="make"
                  label="vehicles.makeModelYear"
                  cellSx={() => ({ maxWidth: 180, overflowWrap: 'anywhere' })}
                  render={(record) => (
                    <>
                      <span data-testid="make-model-year">{makeModelYear(record)}</span>
                      {record.vehicleInfo?.color && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          <ColorText value={record.vehicleInfo.color} />
                        </Typography>
                      )}
                    </>
                  )}
                />
              ) : (
                [
                  <DataTable.Col key="make" source="make" render={(record) => (record.make ? <Isolated>{record.make}</Isolated> : '—')} />,
                  <DataTable.Col key="model" source="model" render={(record) => (record.model ? <Isolated>{record.model}</Isolated> : '—')} />,
                  <DataTable.Col key="year" source="year" render={(record) => record.year ?? '—'} />,
                  <DataTable.Col key="color" source="vehicleInfo.color" disableSort render={(record) => <ColorText value={record.vehicleInfo?.color} />} />,
                ]
              )}
              <DataTable.Col
                source="containerNumber"
                disableSort
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(record) => (record.containerNumber ? <Ltr>{record.containerNumber}</Ltr> : '—')}
              />
              {showsCompany && !combinesVehicle && (
                <DataTable.Col
                  source="buyerName"
                  disableSort
                  cellSx={() => ({ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
                  render={(record) => (record.buyerName ? <bdi dir="ltr" title={record.buyerName}>{record.buyerName}</bdi> : '—')}
                />
              )}
              <DataTable.Col
                source="status"
                render={(record) => (canSetStatus ? <StatusSelect record={record as RaRecord} /> : <StatusChip status={record.status} />)}
              />
              {(canEdit || canDelete) && (
                <DataTable.Col label="common.actions" disableSort align="right">
                  <VehicleActions canEdit={canEdit} canDelete={canDelete} />
                </DataTable.Col>
              )}
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default VehicleList;
