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

/** A short fingerprint of the record as the page shows it (djb2): when it changes, so may its history. */
function fingerprint(record: unknown): number {
  const text = JSON.stringify(record) ?? '';
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash;
}

/**
 * A record's history on its page (vehicle, container): its newest events from the record of
 * events, for those who may read it (the administrators); nothing for anyone else. `record` is the
 * page's record: when the page reloads it after a change, the history is read again.
 */
export const HistoryPanel = ({ entity, record }: { entity: 'vehicles' | 'containers'; record: Record<string, unknown> }) => {
  const { user } = useCurrentUser();
  if (!canAccess(user?.role, { resource: 'audit-log', action: 'read' })) return null;
  return <HistoryEvents entity={entity} entityId={Number(record.id)} version={fingerprint(record)} />;
};

const HistoryEvents = ({ entity, entityId, version }: { entity: string; entityId: number; version: number }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { data, total, isPending, error } = useGetList('audit-log', {
    filter: { entity, entityId },
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
    // Part of the query's key only (the API is not sent it): a changed record reads its history again.
    meta: { version },
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
