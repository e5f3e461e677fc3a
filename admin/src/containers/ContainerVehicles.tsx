import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Chip, InputAdornment, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { DataTable, Pagination, ReferenceManyField, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { StatusChip } from '../vehicles/StatusChip';
import { VinText, makeModelYear, vehicleEditPath } from '../vehicles/VinText';
import { OtherContainerChip } from './OtherContainerChip';
import { ResponsiveList } from '../common/ResponsiveList';
import { ListCard } from '../common/ListCard';

/**
 * The two vehicle tables of /containers/{id}, each a page of GET /api/vehicles read through
 * react-admin's ReferenceManyField (the list protocol: sorted, paged and searched by the API):
 * the vehicles in this container, and the company's other vehicles (`containerId_ne`), which an
 * editor may add when they are in no container. On phones each is a list of cards (ResponsiveList)
 * with the row's Add or Remove at the card's end, so loading a container needs no sideways scroll.
 */

const IN_CONTAINER_PER_PAGE = 25;
const AVAILABLE_PER_PAGE = 10;
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
/** The cards' sort menu: the lists' own order (newest first) and the tables' sortable columns. */
const PHONE_SORTS = ['createdAt', 'vin', 'make', 'model', 'year', 'status'];

/** What a row's Add or Remove button does, and which row is waiting for it. */
export type Assigning = { busyId: RaRecord['id'] | null; assign: (vehicle: RaRecord, containerId: number | null) => void };

const Empty = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ paddingBlock: 2, textAlign: 'center' }} data-testid="empty-text">
      {translate(text)}
    </Typography>
  );
};

/**
 * A list's error in the user's words, above where its rows would be. A child of the list, not
 * ReferenceManyField's `error` prop: given that prop, ReferenceManyField never shows `empty`.
 */
const ListError = () => {
  const translate = useTranslate();
  const { error } = useListContext();
  if (!error) return null;
  return (
    <Typography color="error" sx={{ paddingBlock: 2 }}>
      {errorMessage(error, translate)}
    </Typography>
  );
};

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The columns both tables share: VIN (linking to the vehicle's page), make, model, year, status. */
const vehicleColumns = [
  <DataTable.Col key="vin" source="vin" render={(vehicle: RaRecord) => <VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />} />,
  <DataTable.Col key="make" source="make" render={(vehicle: RaRecord) => dash(vehicle.make)} />,
  <DataTable.Col key="model" source="model" render={(vehicle: RaRecord) => dash(vehicle.model)} />,
  <DataTable.Col key="year" source="year" render={(vehicle: RaRecord) => dash(vehicle.year)} />,
  <DataTable.Col key="status" source="status" render={(vehicle: RaRecord) => <StatusChip status={vehicle.status} />} />,
];

const pagination = <Pagination rowsPerPageOptions={[]} />;

/** A vehicle of either list on a phone: its VIN (opens it), status, make · model · year, and more facts and the action given. */
const VehicleCard = ({ vehicle, more, action }: { vehicle: Record<string, any>; more?: { name: string; label: string; value: ReactNode }; action?: ReactNode }) => (
  <ListCard
    title={<VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />}
    badge={<StatusChip status={vehicle.status} />}
    facts={[{ name: 'makeModelYear', label: 'vehicles.makeModelYear', value: makeModelYear(vehicle) }, ...(more ? [more] : [])]}
    actions={action || undefined}
  />
);

const RemoveButton = ({ vehicle, assigning }: { vehicle: RaRecord; assigning: Assigning }) => {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      color="warning"
      startIcon={<RemoveIcon />}
      disabled={assigning.busyId === vehicle.id}
      onClick={() => assigning.assign(vehicle, null)}
      aria-label={translate('containers.removeLabel', { vin: vehicle.vin })}
    >
      {translate('containers.remove')}
    </Button>
  );
};

/** The vehicles in this container, newest first. */
export const VehiclesIn = ({ container, assigning, canEdit }: { container: RaRecord; assigning: Assigning; canEdit: boolean }) => (
  <ReferenceManyField
    record={container}
    reference="vehicles"
    target="containerId"
    sort={NEWEST_FIRST}
    perPage={IN_CONTAINER_PER_PAGE}
    pagination={pagination}
    empty={<Empty text="containers.noVehiclesIn" />}
  >
    <ListError />
    <ResponsiveList
      testId="container-vehicles"
      sortFields={PHONE_SORTS}
      card={(vehicle) => <VehicleCard vehicle={vehicle} action={canEdit && <RemoveButton vehicle={vehicle} assigning={assigning} />} />}
      table={
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="container-vehicles">
          {vehicleColumns}
          {canEdit && (
            <DataTable.Col label="common.actions" align="right" disableSort render={(vehicle: RaRecord) => <RemoveButton vehicle={vehicle} assigning={assigning} />} />
          )}
        </DataTable>
      }
    />
  </ReferenceManyField>
);

/** The search over the available vehicles: the API searches (filter.q), a moment after typing stops. */
const AvailableSearch = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if ((filterValues.q ?? '') !== q) setFilters(q ? { ...filterValues, q } : {}, undefined, false);
  }, [q, filterValues, setFilters]);
  return (
    <TextField
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={translate('vehicles.searchHint')}
      slotProps={{
        htmlInput: { 'aria-label': translate('ra.action.search'), 'data-testid': 'available-search' },
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
      }}
      sx={{ marginBlockEnd: 1, width: { xs: '100%', sm: 320 } }}
    />
  );
};

/** No available vehicle: none at all, or none that matches the search. */
const NoneAvailable = () => {
  const { filterValues } = useListContext();
  return <Empty text={filterValues.q ? 'containers.noMatch' : 'containers.noAvailable'} />;
};

const AddButton = ({ vehicle, container, assigning }: { vehicle: RaRecord; container: RaRecord; assigning: Assigning }) => {
  const translate = useTranslate();
  if (vehicle.containerId) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<AddIcon />}
      disabled={assigning.busyId === vehicle.id}
      onClick={() => assigning.assign(vehicle, Number(container.id))}
      aria-label={translate('containers.addLabel', { vin: vehicle.vin })}
    >
      {translate('containers.addVehicle')}
    </Button>
  );
};

const Assignment = ({ vehicle }: { vehicle: RaRecord }) => {
  const translate = useTranslate();
  return vehicle.containerId ? <OtherContainerChip number={vehicle.containerNumber} /> : <Chip size="small" label={translate('containers.none')} data-testid="assignment" />;
};

/** The company's vehicles that are not in this container, newest first, ten to a page. */
export const AvailableVehicles = ({ container, assigning, canEdit }: { container: RaRecord; assigning: Assigning; canEdit: boolean }) => {
  const translate = useTranslate();
  const notInThisContainer = useMemo(() => ({ containerId_ne: container.id }), [container.id]);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
        {translate('containers.availableHint')}
      </Typography>
      <ReferenceManyField
        record={container}
        reference="vehicles"
        source="companyId"
        target="companyId"
        filter={notInThisContainer}
        sort={NEWEST_FIRST}
        perPage={AVAILABLE_PER_PAGE}
        pagination={pagination}
      >
        <AvailableSearch />
        <ListError />
        <ResponsiveList
          testId="available-vehicles"
          sortFields={PHONE_SORTS}
          card={(vehicle) => (
            <VehicleCard
              vehicle={vehicle}
              more={{ name: 'assignment', label: 'containers.assignment', value: <Assignment vehicle={vehicle} /> }}
              action={canEdit && !vehicle.containerId && <AddButton vehicle={vehicle} container={container} assigning={assigning} />}
            />
          )}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} empty={<NoneAvailable />} data-testid="available-vehicles">
              {vehicleColumns}
              <DataTable.Col label="containers.assignment" disableSort render={(vehicle: RaRecord) => <Assignment vehicle={vehicle} />} />
              {canEdit && (
                <DataTable.Col
                  label="common.actions"
                  align="right"
                  disableSort
                  render={(vehicle: RaRecord) => <AddButton vehicle={vehicle} container={container} assigning={assigning} />}
                />
              )}
            </DataTable>
          }
        />
      </ReferenceManyField>
    </>
  );
};
