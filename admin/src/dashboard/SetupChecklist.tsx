import { useState } from 'react';
import { Box, Card, CardContent, IconButton, LinearProgress, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { Role } from '@domain/roles';
import type { DashboardData, DemoLoaded } from './api';
import { setupIsPending, setupSteps } from './SetupChecklistSteps';
import { SetupChecklistDemoButton } from './SetupChecklistDemoButton';
import { SetupChecklistDemoAccounts } from './SetupChecklistDemoAccounts';
import { useSetupChecklistHidden } from './SetupChecklistHidden';

/**
 * The first-run checklist on the dashboard: what to set up next, each step ticked once done and
 * linked to the page that does it (SetupChecklistSteps.ts decides which steps a role gets). It
 * shows while a step is left, and can be hidden for good by its user (SetupChecklistHidden.ts). On an install without a
 * company the super admin may load the demo company instead; the demo's accounts are shown in a
 * dialog that outlives the checklist (which is complete once the demo is in).
 */
export const SetupChecklist = ({
  role,
  userId,
  counts,
  onChanged,
}: {
  role: Role | null | undefined;
  userId: number | undefined;
  counts: DashboardData['counts'] | undefined;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const [hidden, hide] = useSetupChecklistHidden(userId);
  const [demo, setDemo] = useState<DemoLoaded | null>(null);
  const steps = setupSteps(role, counts);
  const done = steps.filter((step) => step.done).length;
  const shown = !hidden && setupIsPending(steps);

  return (
    <>
      {shown && (
        <Card component="section" aria-labelledby="setup-checklist-title" data-testid="setup-checklist" sx={{ marginBlockEnd: 3, maxWidth: 760 }}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h2" id="setup-checklist-title">
                  {translate('dashboard.setup.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="setup-progress">
                  {translate('dashboard.setup.progress', { done, total: steps.length })}
                </Typography>
              </Box>
              <Tooltip title={translate('dashboard.setup.hide')}>
                <IconButton aria-label={translate('dashboard.setup.hide')} onClick={hide} data-testid="setup-hide">
                  <CloseIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <LinearProgress
              variant="determinate"
              value={(done / steps.length) * 100}
              aria-label={translate('dashboard.setup.progress', { done, total: steps.length })}
              sx={{ marginBlock: 1.5, borderRadius: 1 }}
            />
            <List disablePadding>
              {steps.map((step) => (
                <ListItem key={step.key} disablePadding data-testid={`setup-step-${step.key}`} data-done={step.done}>
                  <ListItemButton component={Link} to={step.to}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      {step.done ? (
                        <CheckCircleIcon color="success" titleAccess={translate('dashboard.setup.stepDone')} />
                      ) : (
                        <RadioButtonUncheckedIcon color="disabled" titleAccess={translate('dashboard.setup.stepToDo')} />
                      )}
                    </ListItemIcon>
                    <ListItemText
                      primary={translate(`dashboard.setup.${step.key}.title`)}
                      secondary={translate(step.done ? `dashboard.setup.${step.key}.done` : `dashboard.setup.${step.key}.hint`)}
                      slotProps={{ primary: { sx: step.done ? { color: 'text.secondary' } : { fontWeight: 500 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {counts?.companies === 0 && (
              <SetupChecklistDemoButton
                role={role}
                onLoaded={(loaded) => {
                  setDemo(loaded);
                  onChanged();
                }}
              />
            )}
          </CardContent>
        </Card>
      )}
      {demo && <SetupChecklistDemoAccounts demo={demo} onClose={() => setDemo(null)} />}
    </>
  );
};
