import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { formatListDate } from '../common/dates';
import { Name, useTranslateWith } from '../common/Interpolate';
import { errorMessage } from '../providers/errorMessage';
import { fetchTrackingLinks, revokeTrackingLink } from './trackingLinksApi';

export const trackingLinksKey = (vehicleId: number | string) => ['trackingLinks', String(vehicleId)];

/** A vehicle's working links (without their tokens, which only their holders have), each with a revoke button. */
export const TrackingLinkList = ({ vehicleId }: { vehicleId: number | string }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: trackingLinksKey(vehicleId), queryFn: () => fetchTrackingLinks(vehicleId) });
  const revoke = useMutation({
    mutationFn: (linkId: number) => revokeTrackingLink(vehicleId, linkId),
    onSuccess: () => notify('tracking.links.revoked', { type: 'success' }),
    onError: (error) => notify(errorMessage(error, translate, 'tracking.links.revokeFailed'), { type: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingLinksKey(vehicleId) }),
  });

  if (links.isPending) return <CircularProgress size={24} />;
  if (links.isError) return <Alert severity="error">{errorMessage(links.error, translate, 'tracking.links.loadFailed')}</Alert>;
  if (!links.data.length) return <Typography color="text.secondary">{translate('tracking.links.none')}</Typography>;
  return (
    <Box component="ul" data-testid="tracking-link-list" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links.data.map((link) => {
        const created = formatListDate(link.createdAt, locale);
        return (
          <Box
            component="li"
            key={link.id}
            data-testid="tracking-link-row"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingBlock: 1, borderBlockEnd: '1px solid', borderColor: 'divider' }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {link.createdByName ? translateWith('tracking.links.createdBy', { name: <Name>{link.createdByName}</Name>, date: created }) : translate('tracking.links.createdOn', { date: created })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('tracking.links.expires', { date: formatListDate(link.expiresAt, locale) })}
              </Typography>
            </Box>
            <Button
              color="error"
              size="small"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(link.id)}
              aria-label={translate('tracking.links.revokeLabel', { date: created })}
            >
              {translate('tracking.links.revoke')}
            </Button>
          </Box>
        );
      })}
    </Box>
  );
};
