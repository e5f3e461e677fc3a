import { Box, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useLocale, useTranslate } from 'react-admin';
import { formatListDate } from '../common/dates';
import type { TrackingView } from './api';

type Milestone = NonNullable<TrackingView['container']>['milestones'][number];

/**
 * The container's milestones in order: the ones reached with their date (a tick), the others with
 * their planned date when there is one, else "not yet". One row each, so a phone reads them down.
 */
export const TrackingMilestones = ({ milestones }: { milestones: Milestone[] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Box component="ol" data-testid="tracking-milestones" sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', rowGap: 1.25 }}>
      {milestones.map((step) => {
        const done = Boolean(step.at);
        const when = done
          ? translate('milestones.actual', { date: formatListDate(step.at, locale) })
          : step.plannedAt
            ? translate('milestones.planned', { date: formatListDate(step.plannedAt, locale) })
            : translate('milestones.notYet');
        return (
          <Box component="li" key={step.milestone} data-milestone={step.milestone} data-done={done} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
            {done ? <CheckCircleIcon color="success" aria-hidden /> : <RadioButtonUncheckedIcon color="disabled" aria-hidden />}
            <Typography variant="body2" sx={{ fontWeight: done ? 600 : 400, flexGrow: 1 }}>
              {translate(`containerStatus.${step.milestone}`, { _: step.milestone })}
            </Typography>
            <Typography variant="body2" color={done ? 'text.primary' : 'text.secondary'} sx={{ textAlign: 'end' }}>
              {when}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
};
