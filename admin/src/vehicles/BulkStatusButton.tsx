import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll, useUpdateMany } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { usePendingChanges, type PendingChange } from '../providers/pendingChanges';
import { StatusChip } from './StatusChip';
import { VEHICLE_STATUSES, statusLabelKey, type VehicleStatus } from './status';

/**
 * The bulk action of the vehicles list: one status for every selected row. react-admin's
 * updateMany sends PATCH /api/vehicles/{id}/status {status} for each, the row menu's route and
 * permission (setStatus), and the API records each change.
 * It is undoable: nothing is sent until the toast goes.
 * The status starts empty and must be chosen: a preselected one sent every car back to it on one
 * click.
 */
export const BulkStatusButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, resource, data } = useListContext();
  const pending = usePendingChanges();
  const unselectAll = useUnselectAll(resource ?? 'vehicles');
  const [updateMany, { isPending }] = useUpdateMany();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<VehicleStatus | ''>('');
  const titleId = useId();
  const count = selectedIds.length;

  const openDialog = () => {
    setStatus('');
    setOpen(true);
  };

  // Undoable like a row's change: the dialog closes at once, the toast offers Undo, and the
  // PATCHes go when the toast does.
  const apply = () => {
    if (!status) return;
    // A selected vehicle on another page of the list is named by its id.
    const vins = selectedIds.map((id) => data?.find((record) => record.id === id)?.vin ?? `#${id}`);
    updateMany(
      'vehicles',
      { ids: selectedIds, data: { status }, meta: { action: 'status' } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          pending.describe(vins.map((vin): PendingChange => ({ kind: 'status', vin, statusLabel: statusLabelKey(status) })));
          notify('vehicles.bulkStatusUpdated', { type: 'success', undoable: true, messageArgs: { smart_count: count } });
        },
        onError: (error) => {
          notify(errorMessage(error, translate), { type: 'error' });
          refresh();
        },
      },
    );
    setOpen(false);
    unselectAll();
  };

  return (
    <>
      <Button size="small" startIcon={<SwapIcon />} onClick={openDialog} data-testid="bulk-status">
        {translate('vehicles.bulkStatus')}
      </Button>
      <Dialog open={open} onClose={() => !isPending && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="bulk-status-dialog">
        <DialogTitle id={titleId}>{translate('vehicles.bulkStatusTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>
            {translate('ra.action.bulk_actions', { smart_count: count })}. {translate('vehicles.bulkStatusIntro')}
          </DialogContentText>
          <TextField
            select
            fullWidth
            required
            label={translate('vehicles.newStatus')}
            value={status}
            onChange={(event) => setStatus(event.target.value as VehicleStatus)}
            disabled={isPending}
            helperText={status ? ' ' : translate('vehicles.bulkStatusChoose')}
            slotProps={{ htmlInput: { 'data-testid': 'bulk-status-select' } }}
          >
            {VEHICLE_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                <StatusChip status={value} />
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={isPending}>
            {translate('common.cancel')}
          </Button>
          <Button variant="contained" onClick={apply} disabled={isPending || !status} data-testid="bulk-status-apply">
            {translate('vehicles.bulkStatusApply', { smart_count: count })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
