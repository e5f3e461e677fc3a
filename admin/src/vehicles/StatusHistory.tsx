import { Ltr } from '../common/Fields';
import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime, parseApiDate } from '../common/dates';
import { Name, useTranslateWith } from '../common/Interpolate';
import { StatusChip } from './StatusChip';
import { statusColors } from './status';
import { paperRing } from '../common/surfaces';
import { ReadingArrow } from '../common/ReadingArrow';

export interface StatusEvent {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  userId: number | null;
  username: string | null;
  /** The container whose milestone made the change, and its number while it exists. */
  containerId?: number | null;
  containerNumber?: string | null;
  createdAt: string;
}

/**
 * The status history as a vertical timeline, oldest first: who moved the vehicle from which
 * status to which, and when. The line runs along the start edge (left, or right in Arabic).
 */
export const StatusHistory = ({ events }: { events: StatusEvent[] }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const locale = useLocale();
  if (events.length === 0) {
    return <Typography color="text.secondary">{translate('vehicles.history.empty')}</Typography>;
  }
  return (
    <Box component="ol" data-testid="status-history" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {events.map((event, index) => {
        const last = index === events.length - 1;
        const date = parseApiDate(event.createdAt);
        return (
          <Box
            component="li"
            key={event.id}
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
              sx={{
                position: 'absolute',
                insetInlineStart: -7,
                top: 4,
                width: 12,
                height: 12,
                borderRadius: '50%',
                backgroundColor: statusColors(event.toStatus).text,
                boxShadow: paperRing,
              }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }}>
              {event.fromStatus
                ? translateWith('vehicles.history.changed', { arrow: <ReadingArrow />, from: <StatusChip status={event.fromStatus} />, to: <StatusChip status={event.toStatus} /> })
                : translateWith('vehicles.history.created', { status: <StatusChip status={event.toStatus} /> })}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
              {translateWith('vehicles.history.by', { username: <Name>{event.username ?? translate('vehicles.history.unknownUser')}</Name> })}
              {event.containerId && (
                <span data-testid="history-container">
                  {' · '}
                  {translateWith('vehicles.history.byContainer', { number: <Ltr>{event.containerNumber ?? `#${event.containerId}`}</Ltr> })}
                </span>
              )}
              {' · '}
              <time dateTime={date?.toISOString()}>{formatDateTime(event.createdAt, locale)}</time>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
};
