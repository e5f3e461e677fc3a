import { Box, Typography } from '@mui/material';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import { canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Section } from '../common/Section';
import { Name } from '../common/Interpolate';
import { formatDateTime } from '../common/dates';
import { EventChanges } from './EventChanges';
import { ActionChip } from './eventText';

const SHOWN = 20;

/**
 * A record's history on its page (vehicle, container): its newest events from the record of
 * events, for those who may read it (the administrators); nothing for anyone else.
 */
export const HistoryPanel = ({ entity, entityId }: { entity: 'vehicles' | 'containers'; entityId: number }) => {
  const { user } = useCurrentUser();
  if (!canAccess(user?.role, { resource: 'audit-log', action: 'read' })) return null;
  return <HistoryEvents entity={entity} entityId={entityId} />;
};

const HistoryEvents = ({ entity, entityId }: { entity: string; entityId: number }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { data, total, isPending, error } = useGetList('audit-log', {
    filter: { entity, entityId },
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  return (
    <Section title="activity.history" testId="history-panel">
      {isPending ? null : error ? (
        <Typography color="error">{translate('activity.loadFailed')}</Typography>
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate('activity.historyEmpty')}</Typography>
      ) : (
        <Box component="ol" data-testid="history-events" sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5 }}>
          {data.map((event) => (
            <Box component="li" key={event.id} sx={{ borderInlineStart: '2px solid', borderColor: 'divider', paddingInlineStart: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <ActionChip action={event.action} />
                <Typography variant="body2" color="text.secondary">
                  <Name>{event.username ?? translate('activity.noUser')}</Name> · {formatDateTime(event.createdAt, locale)}
                </Typography>
              </Box>
              <EventChanges entity={entity} changes={event.changes} />
            </Box>
          ))}
          {(total ?? 0) > SHOWN && (
            <Typography variant="body2" color="text.secondary">
              {translate('activity.historyMore', { count: (total ?? 0) - SHOWN })}
            </Typography>
          )}
        </Box>
      )}
    </Section>
  );
};
