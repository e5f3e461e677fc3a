import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isAfter, isValid, startOfDay } from 'date-fns';
import { useTranslate } from 'react-admin';
import { VEHICLE_STATUS_AT, type Milestone } from '@domain/containerStatuses';
import { DateLocalization } from '../common/DateLocalization';
import { vehiclesMovedBy } from './milestoneMoves';

/** What is recorded: the milestone and its day ('yyyy-MM-dd'), or no day when it is today (the server's time). */
export type MilestoneChoice = { milestone: Milestone; at?: string };


/**
 * Records a milestone with the day it really happened (PATCH /api/containers/{id}/status {status,
 * at}), and is the confirmation before it: it says how many of the container's vehicles will
 * move. The next milestone is chosen first; a later one may be chosen (a container whose loading
 * was not recorded in time). The day is today unless changed, and cannot be in the future.
 */
export const MilestoneDialog = ({
  open,
  choices,
  vehicles,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  choices: readonly Milestone[];
  vehicles: { status?: string | null }[] | undefined;
  busy: boolean;
  onConfirm: (choice: MilestoneChoice) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [milestone, setMilestone] = useState<Milestone | ''>('');
  const [day, setDay] = useState<Date | null>(null);
  const chosen = (milestone || choices[0]) as Milestone | undefined;
  const today = startOfDay(new Date());
  const picked = day ?? today;
  const dayError = !isValid(picked) ? 'datePicker.invalid' : isAfter(picked, today) ? 'milestones.futureDate' : null;
  const moving = chosen && vehicles ? vehiclesMovedBy(chosen, vehicles) : null;

  const close = () => {
    setMilestone('');
    setDay(null);
    onClose();
  };
  const confirm = () => {
    if (!chosen || dayError) return;
    const isToday = format(picked, 'yyyy-MM-dd') === format(today, 'yyyy-MM-dd');
    onConfirm({ milestone: chosen, at: isToday ? undefined : format(picked, 'yyyy-MM-dd') });
    setMilestone('');
    setDay(null);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs" data-testid="milestone-dialog" aria-labelledby="milestone-dialog-title">
      <DialogTitle id="milestone-dialog-title">{translate('milestones.recordTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ paddingBlockStart: 1 }}>
          <TextField
            select
            label={translate('milestones.milestone')}
            value={chosen ?? ''}
            onChange={(event) => setMilestone(event.target.value as Milestone)}
            size="small"
            data-testid="milestone-choice"
          >
            {choices.map((value) => (
              <MenuItem key={value} value={value} data-testid={`milestone-choice-${value}`}>
                {translate(`containerStatus.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateLocalization>
            <DatePicker
              label={translate('milestones.date')}
              value={picked}
              onChange={(date) => setDay(date)}
              disableFuture
              slotProps={{
                textField: {
                  // Filled, as the milestone select above and the forms' date inputs.
                  variant: 'filled',
                  size: 'small',
                  error: dayError !== null,
                  helperText: dayError ? translate(dayError) : undefined,
                  // @ts-expect-error data attributes reach the text field's root element
                  'data-testid': 'milestone-date',
                },
              }}
            />
          </DateLocalization>
          {chosen && (
            <Alert severity={moving ? 'warning' : 'info'} data-testid="milestone-moving" data-count={moving ?? ''}>
              {moving === null
                ? translate('milestones.movesAll', { status: translate(`vehicleStatus.${VEHICLE_STATUS_AT[chosen]}`) })
                : translate('milestones.willMove', { smart_count: moving, status: translate(`vehicleStatus.${VEHICLE_STATUS_AT[chosen]}`) })}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {translate('milestones.neverBack')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} data-testid="milestone-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy || !chosen || dayError !== null} data-testid="milestone-confirm">
          {translate('milestones.record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
