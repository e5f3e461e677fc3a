import { useEffect, useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useFormState, type Control } from 'react-hook-form';
import { useBlocker, useTranslate } from 'react-admin';

/**
 * Asks, in the page's language, before an in-app navigation leaves a form with unsaved changes.
 * Given to react-admin's <Form WarnWhenUnsavedChangesComponent>, it replaces react-admin's own
 * warning, which is the browser's untranslated window.confirm. "Stay" has the focus, so Enter
 * never throws the changes away. Closing or reloading the tab still gets the browser's own
 * question (beforeunload): no page may word that one.
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
