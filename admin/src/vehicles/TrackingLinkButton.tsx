import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrorsOf } from '../providers/errorMessage';
import { createTrackingLink } from './trackingLinksApi';
import { TrackingLinkCreated } from './TrackingLinkCreated';
import { TrackingLinkList, trackingLinksKey } from './TrackingLinkList';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 365;
const validDays = (text: string) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_DAYS;

/**
 * The vehicle page's "Tracking link" action (for those who edit vehicles): make a link for a
 * buyer, valid for some days, copy it, and see and revoke the vehicle's working links.
 */
export const TrackingLinkButton = ({ vehicleId }: { vehicleId: number | string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [serverError, setServerError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => createTrackingLink(vehicleId, Number(days)),
    onSuccess: () => setServerError(undefined),
    onError: (error) => {
      setServerError(fieldErrorsOf(error)?.expiresInDays);
      notify(errorMessage(error, translate, 'tracking.links.createFailed'), { type: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingLinksKey(vehicleId) }),
  });
  const close = () => {
    setOpen(false);
    // The URL is shown once: closing forgets it.
    create.reset();
    setDays(String(DEFAULT_DAYS));
  };
  const invalid = !validDays(days);

  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setOpen(true)} data-testid="tracking-link-button">
        {translate('tracking.links.button')}
      </Button>
      <Dialog open={open} onClose={close} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="tracking-links-title">
        <DialogTitle id="tracking-links-title">{translate('tracking.links.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate('tracking.links.intro')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} component="form" onSubmit={(event) => {
              event.preventDefault();
              if (!invalid && !create.isPending) create.mutate();
            }}>
              <TextField
                label={translate('tracking.links.expiresInDays')}
                value={days}
                onChange={(event) => setDays(event.target.value.trim())}
                error={invalid || Boolean(serverError)}
                helperText={serverError ?? translate('tracking.links.expiresHelp')}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'tracking-link-days' } }}
                sx={{ width: 180 }}
              />
              <Button type="submit" variant="contained" disabled={invalid || create.isPending} sx={{ marginBlockStart: 0.25 }} data-testid="tracking-link-create">
                {translate('tracking.links.create')}
              </Button>
            </Stack>
            {create.data && <TrackingLinkCreated url={create.data.url} />}
            <Typography variant="subtitle2" component="h3">
              {translate('tracking.links.active')}
            </Typography>
            <TrackingLinkList vehicleId={vehicleId} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('tracking.links.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
