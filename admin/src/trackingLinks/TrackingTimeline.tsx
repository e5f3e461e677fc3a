import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime, parseApiDate } from '../common/dates';
import { StatusChip } from '../vehicles/StatusChip';
import { statusColors } from '../vehicles/status';
import type { TrackingView } from './api';
import { paperRing } from '../common/surfaces';

/**
 * The vehicle's statuses, newest first (what a buyer asks: where is it now), each with its date.
 * Unlike the staff's history it names no one: the link shows the car, not the company's people.
 */
export const TrackingTimeline = ({ events }: { events: TrackingView['statusHistory'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  if (!events.length) return <Typography color="text.secondary">{translate('tracking.historyEmpty')}</Typography>;
  const newestFirst = [...events].reverse();
  return (
    <Box component="ol" data-testid="tracking-history" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {newestFirst.map((event, index) => {
        const last = index === newestFirst.length - 1;
        return (
          <Box
            component="li"
            key={`${event.at}-${index}`}
            sx={{
              position: 'relative',
              marginInlineStart: 1,
              paddingInlineStart: 2.5,
              paddingBlockEnd: last ? 0 : 2,
              borderInlineStart: '2px solid',
              borderColor: last ? 'transparent' : 'divider',
            }}
          >
            <Box
              aria-hidden
              sx={{ position: 'absolute', insetInlineStart: -7, top: 4, width: 12, height: 12, borderRadius: '50%', backgroundColor: statusColors(event.status).text, boxShadow: paperRing }}
            />
            <StatusChip status={event.status} />
            <Typography variant="body2" color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
              <time dateTime={parseApiDate(event.at)?.toISOString()}>{formatDateTime(event.at, locale)}</time>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
};
