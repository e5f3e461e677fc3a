import { isValidElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Snackbar, useMediaQuery, type Theme } from '@mui/material';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';

/** Toast display time (SPEC.md §9). */
export const TOAST_DURATION = 5000;

/** A toast with a title line and a description, e.g. 'Login failed' + the server's message. */
export const Toast = ({ title, description }: { title: ReactNode; description?: ReactNode }) => (
  <Box>
    <AlertTitle sx={{ marginBottom: description ? 0.25 : 0 }}>{title}</AlertTitle>
    {description}
  </Box>
);

/**
 * react-admin's notification queue shown one toast at a time, about 5 s each, with a close button:
 * at the top on small screens, at the bottom end corner on larger ones, at most 420 px wide from
 * 'md'. Escape closes it; F8 moves the focus to it.
 */
export const Notification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [current, setCurrent] = useState<NotificationPayload>();
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8' && alertRef.current) {
        event.preventDefault();
        alertRef.current.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  const handleExited = useCallback(() => {
    if (current?.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    setCurrent(undefined);
  }, [current, takeMutation]);

  const undo = useCallback(() => {
    takeMutation()?.({ isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const content =
    typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : isValidElement(message) ? message : null;
  const severity = type === 'info' ? 'info' : type;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION : autoHideDuration ?? undefined}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={isSmall ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ transition: { onExited: handleExited } }}
        sx={{ maxWidth: { md: 420 } }}
      >
        <Alert
          ref={alertRef}
          tabIndex={-1}
          role={severity === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          variant="filled"
          severity={severity}
          onClose={close}
          closeText={translate('common.close')}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={undo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
          sx={{ width: '100%', alignItems: 'flex-start' }}
        >
          {content}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
};
