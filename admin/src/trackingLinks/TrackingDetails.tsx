import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Section } from '../common/Section';
import { Ltr } from '../common/Fields';
import { Isolated } from '../common/Bidi';
import { LabelValues } from '../common/LabelValues';
import { PortRoute } from '../common/PortLabel';
import { formatListDate } from '../common/dates';
import { useTranslateWith } from '../common/Interpolate';
import { StatusChip } from '../vehicles/StatusChip';
import type { TrackingView } from './api';
import { TrackingMilestones } from './TrackingMilestones';
import { TrackingTimeline } from './TrackingTimeline';
import { TrackingPhotos } from './TrackingPhotos';

/** What a tracking link shows, top to bottom in the order a buyer asks: which car, where, when, how it went, photos. */
export const TrackingDetails = ({ view }: { view: TrackingView }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const locale = useLocale();
  const title = [view.make, view.model].filter(Boolean).join(' ');
  const unknown = translate('tracking.unknown');
  return (
    <Stack spacing={2}>
      <Card component="section" data-testid="tracking-summary">
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="p">
            {translate('tracking.pageTitle')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="tracking-title">
            <Isolated>{title}</Isolated>
            {view.year ? (
              <>
                {' '}
                <Ltr>{view.year}</Ltr>
              </>
            ) : null}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="tracking-vin">
            {translateWith('tracking.vinEnding', { vin: <Ltr>{`…${view.vinLast6}`}</Ltr> })}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', marginBlockStart: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('tracking.currentStatus')}
            </Typography>
            <StatusChip status={view.status} size="medium" />
          </Stack>
        </CardContent>
      </Card>

      <Section title="tracking.shipment" testId="tracking-shipment">
        <LabelValues
          items={[
            { label: 'tracking.container', value: view.container ? <Ltr>{view.container.number}</Ltr> : translate('tracking.noContainer'), testId: 'tracking-container' },
            { label: 'tracking.route', value: view.fromPort || view.toPort ? <PortRoute from={view.fromPort} to={view.toPort} /> : unknown },
            { label: 'tracking.eta', value: view.eta ? formatListDate(view.eta, locale) : unknown, testId: 'tracking-eta' },
          ]}
        />
      </Section>

      {view.container && (
        <Section title="tracking.milestones" testId="tracking-milestones-section">
          <TrackingMilestones milestones={view.container.milestones} />
        </Section>
      )}

      <Section title="tracking.history" testId="tracking-history-section">
        <TrackingTimeline events={view.statusHistory} />
      </Section>

      {view.images.length > 0 && (
        <Section title="tracking.photos" testId="tracking-photos-section">
          <TrackingPhotos images={view.images} />
        </Section>
      )}

      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} data-testid="tracking-valid-until">
        {translate('tracking.validUntil', { date: formatListDate(view.expiresAt, locale) })}
      </Typography>
    </Stack>
  );
};
