import { Chip, ListItemText, Link as MuiLink } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { Ltr } from '../common/Fields';
import { formatListDate } from '../common/dates';
import { ContainerStatusChip } from '../containers/ContainerStatusChip';
import type { ArrivingContainer } from './api';
import { RecentCard } from './RecentCard';

/** Staff's containers due within 14 days, or late and not arrived, soonest first; late ones marked. */
export const ArrivingContainers = ({ containers, isPending }: { containers: ArrivingContainer[] | undefined; isPending: boolean }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <RecentCard
      testId="arriving-containers"
      title="dashboard.arrivingContainers"
      emptyText="dashboard.noContainersArriving"
      items={containers}
      isPending={isPending}
      renderBadge={(container) => <ContainerStatusChip status={container.status} />}
      renderText={(container) => (
        <ListItemText
          primary={
            <MuiLink component={Link} to={`/containers/${container.id}`} underline="hover" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              <Ltr>{container.number}</Ltr>
            </MuiLink>
          }
          secondary={
            <>
              {translate(container.arrivalLate ? 'dashboard.arrivalWasDue' : 'dashboard.arrivesOn', { date: formatListDate(container.arrivalDate, locale) })}
              {container.arrivalLate && <Chip component="span" size="small" color="warning" label={translate('dashboard.late')} sx={{ marginInlineStart: 1 }} data-testid="arriving-late" />}
            </>
          }
          sx={{ paddingInlineEnd: 12 }}
          data-testid={`arriving-container-${container.id}`}
        />
      )}
    />
  );
};
