import { useState } from 'react';
import { Box, Button, Chip, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useLocale, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { CONTAINER_STATUSES, MILESTONE_DATE, MILESTONES, type ContainerStatus, type Milestone } from '@domain/containerStatuses';
import { can } from '@domain/permissions';
import { formatListDate } from '../common/dates';
import { Section } from '../common/Section';
import { errorMessage } from '../providers/errorMessage';
import { useCurrentUser } from '../providers/useCurrentUser';
import { setContainerStatus } from './api';
import { ContainerStatusChip } from './ContainerStatusChip';
import { MilestoneDialog, type MilestoneChoice } from './MilestoneDialog';

/** The planned date of a milestone, where the container has one: loading and arrival. */
const PLANNED: Partial<Record<Milestone, 'loadingDate' | 'arrivalDate'>> = { LOADED: 'loadingDate', ARRIVED: 'arrivalDate' };

/**
 * The container's milestones as a timeline, planned against actual (a late arrival marked), and
 * the button that records the next one (or a later one) with the day it happened, through a
 * dialog that says how many vehicles will move: every vehicle in it moves with it (the API's one path).
 */
export const ContainerMilestones = ({ container, onChanged }: { container: RaRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const status = (container.status ?? 'BOOKED') as ContainerStatus;
  const reached = CONTAINER_STATUSES.indexOf(status);
  const next = CONTAINER_STATUSES[reached + 1] as Milestone | undefined;
  // The milestones still ahead, the next first: a later one may be recorded when one was missed.
  const ahead = MILESTONES.filter((milestone) => CONTAINER_STATUSES.indexOf(milestone) > reached);
  const date = (value: unknown) => formatListDate(value, locale);

  const record = async ({ milestone, at }: MilestoneChoice) => {
    setBusy(true);
    try {
      const answer = await setContainerStatus(container.id, milestone, at);
      const label = translate(`containerStatus.${milestone}`);
      notify(translate('milestones.moved', { status: label, smart_count: answer.vehiclesUpdated }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['vehicles'] });
    } catch (error) {
      notify(`${translate('milestones.failed')}: ${errorMessage(error, translate, '')}`, { type: 'error' });
    } finally {
      setBusy(false);
      setChoosing(false);
      onChanged();
    }
  };

  return (
    <Section
      title="milestones.title"
      testId="section-milestones"
      action={
        can(user?.role, 'containers', 'update') && next ? (
          <Button variant="contained" size="small" disabled={busy} onClick={() => setChoosing(true)} data-testid="milestone-next">
            {translate('milestones.markAs', { status: translate(`containerStatus.${next}`) })}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginBlockEnd: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('milestones.status')}
        </Typography>
        <ContainerStatusChip status={status} late={container.arrivalLate} />
      </Box>
      <Stepper activeStep={reached} alternativeLabel data-testid="milestone-timeline" sx={{ overflowX: 'auto', paddingBlockEnd: 1 }}>
        {MILESTONES.map((milestone) => {
          const actual = container[MILESTONE_DATE[milestone]];
          const planned = PLANNED[milestone] ? container[PLANNED[milestone]!] : null;
          const late = milestone === 'ARRIVED' && container.arrivalLate;
          // A milestone passed over (a later one recorded at once) is done without a date of its own.
          const done = CONTAINER_STATUSES.indexOf(milestone) <= reached;
          return (
            <Step key={milestone} completed={done} data-testid={`milestone-${milestone}`}>
              <StepLabel
                error={late}
                optional={
                  <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                    {planned && <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>{translate('milestones.planned', { date: date(planned) })}</Box>}
                    <Box component="span" sx={{ display: 'block' }} data-testid="milestone-actual">
                      {actual ? translate('milestones.actual', { date: date(actual) }) : translate(done ? 'milestones.notRecorded' : 'milestones.notYet')}
                    </Box>
                    {late && <Chip component="span" size="small" color="warning" label={translate('milestones.late')} sx={{ marginBlockStart: 0.5 }} />}
                  </Box>
                }
              >
                {translate(`containerStatus.${milestone}`)}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
      <MilestoneDialog open={choosing} choices={ahead} vehicles={container.vehicles} busy={busy} onConfirm={record} onClose={() => setChoosing(false)} />
    </Section>
  );
};
