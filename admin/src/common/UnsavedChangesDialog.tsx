import { useEffect, useId, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useFormState, type Control } from 'react-hook-form';
import { useBlocker, useTranslate } from 'react-admin';
import { useWaitingChanges, type PendingChange } from '../providers/pendingChanges';
import { Name, useTranslateWith } from './Interpolate';
import { RouteArrow } from './PortLabel';

/**
 * The changes still waiting in their toast's Undo window (a status change, a delete), named one by
 * one, and that they go whatever the user answers: leaving the form neither cancels nor loses them.
 */
const WaitingChanges = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const waiting = useWaitingChanges();
  if (!waiting.length) return null;
  const statuses = waiting.filter((change): change is Extract<PendingChange, { kind: 'status' }> => change.kind === 'status');
  const deletes = waiting.filter((change): change is Extract<PendingChange, { kind: 'delete' }> => change.kind === 'delete');
  const group = (key: string, items: ReactNode[], testId: string) =>
    items.length > 0 && (
      <Box data-testid={testId}>
        <Typography variant="body2">{translate(key, { smart_count: items.length })}</Typography>
        <Box component="ul" sx={{ marginBlock: 0.5, paddingInlineStart: 3 }}>
          {items.map((item, index) => (
            <Typography component="li" variant="body2" key={index}>
              {item}
            </Typography>
          ))}
        </Box>
      </Box>
    );
  return (
    <Box data-testid="unsaved-pending" sx={{ marginBlockStart: 2, display: 'grid', gap: 1 }}>
      {group(
        'unsavedChanges.pendingStatus',
        statuses.map((change) => translateWith('unsavedChanges.statusItem', { vin: <Name>{change.vin}</Name>, to: <RouteArrow />, status: translate(change.statusLabel) })),
        'unsaved-pending-status',
      )}
      {group(
        'unsavedChanges.pendingDelete',
        deletes.map((change) => translateWith('unsavedChanges.deleteItem', { resource: translate(`resources.${change.resource}.name`, { smart_count: 1 }), name: <Name>{change.name}</Name> })),
        'unsaved-pending-delete',
      )}
      <Typography variant="body2">{translate('unsavedChanges.pendingSent', { smart_count: waiting.length })}</Typography>
    </Box>
  );
};

/**
 * Asks, in the page's language, before an in-app navigation leaves a form with unsaved changes.
 * Given to react-admin's <Form WarnWhenUnsavedChangesComponent>, it replaces react-admin's own
 * warning, which is the browser's untranslated window.confirm. "Stay" has the focus, so Enter
 * never throws the changes away. Changes still waiting for their toast's Undo (a status change on
 * the list just left) are named, with the word that they are sent either way. Closing or
 * reloading the tab still gets the browser's own question (beforeunload): no page may word that
 * one, and the waiting changes are sent with keepalive then (see pendingChanges).
 */
export const UnsavedChangesDialog = ({ enable = true, formControl }: { enable?: boolean; formRootPathName?: string; formControl?: Control }) => {
  const translate = useTranslate();
  const titleId = useId();
  const { dirtyFields, isSubmitting, isSubmitSuccessful } = useFormState(formControl ? { control: formControl } : undefined);
  const isDirty = Object.keys(dirtyFields).length > 0;
  const safeToLeave = !enable || !isDirty || isSubmitSuccessful;

  // Only a move to another page: a changed query (a filter, a dialog's state) keeps the form.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !safeToLeave && nextLocation.pathname !== currentLocation.pathname);
  const blocked = blocker.state === 'blocked';
  // A successful save navigates away while it is still submitting: let it go once it has settled.
  const waiting = blocked && (isSubmitting || safeToLeave);

  useEffect(() => {
    if (blocked && !isSubmitting && safeToLeave) blocker.proceed?.();
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked, isSubmitting, safeToLeave]);

  useEffect(() => {
    if (safeToLeave) return undefined;
    const beforeunload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [safeToLeave]);

  return (
    <Dialog open={blocked && !waiting} onClose={() => blocker.reset?.()} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="unsaved-changes-dialog">
      <DialogTitle id={titleId}>{translate('unsavedChanges.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('unsavedChanges.text')}</DialogContentText>
        <WaitingChanges />
      </DialogContent>
      <DialogActions>
        <Button color="warning" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
          {translate('unsavedChanges.leave')}
        </Button>
        <Button variant="contained" autoFocus onClick={() => blocker.reset?.()} data-testid="unsaved-stay">
          {translate('unsavedChanges.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
