import { isValidElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Snackbar, useMediaQuery, type Theme } from '@mui/material';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { Toast } from '../common/Toast';

/** Toast display time (SPEC.md §9). */
export const TOAST_DURATION = 5000;


type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The plain text of a notification's message: a message key translated, or a Toast's title and description. */
export const notificationText = (message: NotificationPayload['message'], translate: Translate, messageArgs?: Record<string, unknown>): string => {
  if (typeof message === 'string') return translate(message, { _: message, ...messageArgs });
  if (isValidElement<{ title?: unknown; description?: unknown }>(message)) {
    const { title, description } = message.props;
    return [title, description].filter((part) => typeof part === 'string' || typeof part === 'number').join(': ');
  }
  return '';
};

/**
 * What a toast shows (SPEC.md §8, "Failures raise a destructive toast titled msg.error (also
 * logged) unless stated"): an error given as plain text gets the title msg.error above it; an
 * error given as a Toast keeps the title its caller chose (e.g. 'Login failed').
 */
export const toastContent = (payload: NotificationPayload, translate: Translate): ReactNode => {
  const { message, type, notificationOptions = {} } = payload;
  if (isValidElement(message)) return message;
  if (typeof message !== 'string') return null;
  const text = notificationText(message, translate, notificationOptions.messageArgs);
  return type === 'error' ? <Toast title={translate('msg.error')} description={text} /> : text;
};

/** Every failure shown is also logged, in one place for all of the console's error toasts. */
export const logFailure = (payload: NotificationPayload, translate: Translate) => {
  if (payload.type === 'error') console.error(notificationText(payload.message, translate, payload.notificationOptions?.messageArgs));
};

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
        logFailure(next, translate);
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification, translate]);

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
  const { type, notificationOptions = {} } = current;
  const { autoHideDuration, undoable } = notificationOptions;
  const content = toastContent(current, translate);
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
