import { useEffect, useState } from 'react';
import { MenuItem, Select, type SelectChangeEvent } from '@mui/material';
import { useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { usePendingChanges } from '../providers/pendingChanges';
import { StatusChip } from './StatusChip';
import { VEHICLE_STATUSES, statusLabelKey, type VehicleStatus } from './status';

/**
 * The status dropdown of a vehicle row (roles that may set the status). The change shows at once
 * with an Undo in its toast (react-admin's undoable mode): PATCH /api/vehicles/{id}/status is sent
 * when the toast goes (or another replaces it), and never if the user undoes. If the server then
 * refuses, the row shows the status it had and the toast says why.
 */
export const StatusSelect = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate();
  const pending = usePendingChanges();
  const [value, setValue] = useState<string>(record.status);

  useEffect(() => setValue(record.status), [record.status]);

  const change = (event: SelectChangeEvent<string>) => {
    const status = event.target.value as VehicleStatus;
    if (status === record.status) return;
    setValue(status);
    update(
      'vehicles',
      { id: record.id, data: { status }, previousData: record, meta: { action: 'status' } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          pending.describe([{ kind: 'status', vin: record.vin, statusLabel: statusLabelKey(status) }]);
          notify('msg.vehicleStatusUpdated', { type: 'success', undoable: true });
        },
        onError: (error) => {
          setValue(record.status);
          notify(errorMessage(error, translate), { type: 'error' });
        },
      },
    );
  };

  return (
    <Select
      size="small"
      value={value}
      onChange={change}
      inputProps={{ 'aria-label': translate('vehicles.statusOf', { vin: record.vin }) }}
      renderValue={(status) => <StatusChip status={status} />}
      data-testid="status-select"
      sx={{ width: 172, maxWidth: '100%', '& .MuiSelect-select': { paddingBlock: 0.5, display: 'flex', alignItems: 'center' } }}
    >
      {VEHICLE_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          <StatusChip status={status} />
        </MenuItem>
      ))}
    </Select>
  );
};
