import { useEffect, useState } from 'react';
import { CircularProgress, MenuItem, Select, type SelectChangeEvent } from '@mui/material';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useAccessChecked } from '../providers/useAccessChecked';
import { errorMessage } from '../providers/errorMessage';
import { setVehicleStatus } from './api';
import { StatusChip } from './StatusChip';
import { VEHICLE_STATUSES, type VehicleStatus } from './status';

/**
 * The status dropdown of a vehicle row (roles that may set the status): PATCH
 * /api/vehicles/{id}/status, disabled while the change is saved; on failure the row shows the
 * status it had and the toast says why.
 */
export const StatusSelect = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const accessChecked = useAccessChecked();
  const [value, setValue] = useState<string>(record.status);
  const [saving, setSaving] = useState(false);

  useEffect(() => setValue(record.status), [record.status]);

  const change = async (event: SelectChangeEvent<string>) => {
    const status = event.target.value as VehicleStatus;
    if (status === record.status) return;
    setValue(status);
    setSaving(true);
    try {
      await accessChecked(() => setVehicleStatus(record.id, status));
      notify('msg.vehicleStatusUpdated', { type: 'success' });
      refresh();
    } catch (error) {
      setValue(record.status);
      notify(errorMessage(error, translate), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select
      size="small"
      value={value}
      onChange={change}
      disabled={saving}
      aria-busy={saving}
      inputProps={{ 'aria-label': translate('vehicles.statusOf', { vin: record.vin }) }}
      renderValue={(status) => <StatusChip status={status} />}
      IconComponent={saving ? () => <CircularProgress size={16} sx={{ marginInlineEnd: 1 }} aria-label={translate('vehicles.statusSaving')} /> : undefined}
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
