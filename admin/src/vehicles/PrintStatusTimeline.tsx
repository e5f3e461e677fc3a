import { Box } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime } from '../common/dates';
import { Name, useTranslateWith } from '../common/Interpolate';
import { PrintEmpty, PrintMore, PrintSection, printTableSx } from '../print/PrintSection';
import { PRINT_LIMITS, lastOf } from '../print/printLimits';
import { statusColors, statusLabelKey } from './status';
import type { StatusEvent } from './StatusHistory';
import { ReadingArrow } from '../common/ReadingArrow';

/** A status in its colour, as text: chips take more room than a printed row has. */
const PrintStatus = ({ status }: { status: string }) => {
  const translate = useTranslate();
  const colors = statusColors(status);
  return (
    <Box component="span" sx={{ color: colors.text, backgroundColor: colors.background, fontWeight: 600, paddingInline: '4px', borderRadius: '2px', whiteSpace: 'nowrap' }}>
      {translate(statusLabelKey(status), { _: status })}
    </Box>
  );
};

/**
 * The status timeline on paper, oldest first: when, from which status to which, by whom. A long
 * history keeps its newest changes; the earlier ones are counted.
 */
export const PrintStatusTimeline = ({ events }: { events: StatusEvent[] }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const locale = useLocale();
  const { shown, more } = lastOf(events, PRINT_LIMITS.events);
  return (
    <PrintSection title="vehicles.sections.history" testId="print-timeline">
      <PrintMore count={more} message="print.earlier" />
      {shown.length === 0 ? (
        <PrintEmpty message="vehicles.history.empty" />
      ) : (
        <Box component="table" sx={printTableSx}>
          <tbody>
            {shown.map((event) => (
              <tr key={event.id} data-testid="print-event">
                <td style={{ whiteSpace: 'nowrap', width: '1%' }}>{formatDateTime(event.createdAt, locale)}</td>
                <td>
                  {event.fromStatus
                    ? translateWith('vehicles.history.changed', { arrow: <ReadingArrow />, from: <PrintStatus status={event.fromStatus} />, to: <PrintStatus status={event.toStatus} /> })
                    : translateWith('vehicles.history.created', { status: <PrintStatus status={event.toStatus} /> })}
                </td>
                <td style={{ color: '#555' }}>
                  <Name>{event.username ?? translate('vehicles.history.unknownUser')}</Name>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </PrintSection>
  );
};
