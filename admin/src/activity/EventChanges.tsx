import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Isolated } from '../common/Bidi';
import { ReadingArrow } from '../common/ReadingArrow';

type Changes = Record<string, { from: unknown; to: unknown }> | null | undefined;

const MAX_TEXT = 80;

/** Fields whose values are codes with a name of their own in the catalogue. */
const NAMED_VALUES: Record<string, (entity: string) => string> = {
  status: (entity) => (entity === 'containers' ? 'containerStatus' : 'vehicleStatus'),
  role: () => 'roles',
};

/** A value as a reader sees it: empty as a dash, codes and yes/no translated, objects as short JSON. */
function useValueText(entity: string) {
  const translate = useTranslate();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    const named = NAMED_VALUES[field];
    if (named && typeof value === 'string') return translate(`${named(entity)}.${value}`, { _: value });
    // Another record named by its id (container, company, buyer): "#12".
    if (/Id$/.test(field) && typeof value === 'number') return `#${value}`;
    if (typeof value === 'boolean') return translate(value ? 'activity.yes' : 'activity.no');
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  };
}

/**
 * An event's changed fields, one a line: "Field: from → to". The field's name is the resource's
 * own label where it has one; values keep their own direction (a VIN in an Arabic page), and the
 * arrow follows the page's (← in Arabic).
 */
export const EventChanges = ({ entity, changes }: { entity: string; changes: Changes }) => {
  const translate = useTranslate();
  const valueText = useValueText(entity);
  if (!changes || !Object.keys(changes).length) return null;
  return (
    <Box component="ul" data-testid="event-changes" sx={{ listStyle: 'none', margin: 0, padding: 0, fontSize: '0.8125rem' }}>
      {Object.entries(changes).map(([field, { from, to }]) => (
        <Box component="li" key={field} data-testid={`change-${field}`} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate(`activity.fields.${field}`, { _: translate(`resources.${entity}.fields.${field}`, { _: field }) })}:
          </Box>{' '}
          <Isolated testId="change-from">{valueText(field, from)}</Isolated>
          <ReadingArrow />
          <Isolated testId="change-to">{valueText(field, to)}</Isolated>
        </Box>
      ))}
    </Box>
  );
};
