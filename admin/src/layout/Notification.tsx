import { isValidElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, IconButton, Snackbar, useMediaQuery, useTheme, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { Toast } from '../common/Toast';
import { useBelowHeader, useClearOfActionBars } from './useClearOfActionBars';
import { usePendingChanges } from '../providers/pendingChanges';

/** Toast display time (SPEC.md §9). */
export const TOAST_DURATION = 5000;

/**
 * A toast raised this shortly before the user moved to another page came with the move (saved,
 * then back to the list) and stays; an older one belongs to the page the user has left.
 */
export const NAVIGATION_GRACE_MS = 2000;

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

/** The toast on screen: what it says, when and on which page it appeared. */
interface Shown {
  payload: NotificationPayload;
  /** Remounts the Snackbar for each toast, so a replacement starts its own display time at once. */
  key: number;
  since: number;
  pathname: string;
}

const isUndoable = (payload: NotificationPayload | undefined) => Boolean(payload?.notificationOptions?.undoable);

/**
 * One toast at a time (SPEC.md §2), about 5 s, with a close button: at the top on small screens,
 * just under the header (whose menu, bell and Logout stay within reach), at the bottom end corner on larger ones, lifted above an open dialog's buttons and the sticky
 * Save bar, and slid along the bottom toward the start where the corner would cover what the user
 * presses next (the last visible rows' status menus and icons: see placeToast), at most 420 px
 * wide from 'md'. Escape closes it; F8 moves the focus to it.
 *
 * A new toast replaces the one on screen at once: react-admin's queue would show three quick
 * status changes for 15 s, one after another, and errors long after the user moved on. Undoable
 * changes (react-admin's undoable mutations wait for the toast) go to the server when their toast
 * goes; Undo drops the newest (see pendingChanges). A toast from a page the user has left
 * closes when they leave (undoable ones stay: their change has not been sent, and Undo must stay
 * within reach).
 */
export const Notification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [current, setCurrent] = useState<Shown>();
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const snackbarRef = useRef<HTMLDivElement>(null);
  const pending = usePendingChanges();
  const { direction } = useTheme();
  const placement = useClearOfActionBars(snackbarRef, open && !isSmall, direction);
  const top = useBelowHeader(open && isSmall);

  // One notification per render: takeNotification reads the queue as of this render.
  useEffect(() => {
    if (!notifications.length) return;
    const next = takeNotification();
    if (!next) return;
    // An undoable toast keeps the earlier changes waiting with it; any other lets them go now.
    if (!isUndoable(next)) pending.sendAll();
    logFailure(next, translate);
    setCurrent((shown) => ({ payload: next, key: (shown?.key ?? 0) + 1, since: Date.now(), pathname }));
    setOpen(true);
  }, [notifications, takeNotification, pending, translate, pathname]);

  // Leaving the page closes its toast, unless the toast came with the move or can still be undone.
  useEffect(() => {
    if (!current || current.pathname === pathname || isUndoable(current.payload)) return;
    if (Date.now() - current.since > NAVIGATION_GRACE_MS) setOpen(false);
  }, [pathname, current]);

  // The waiting changes were sent as the page was left or the user signed out: Undo is over.
  useEffect(() => pending.onFlushed(() => setOpen(false)), [pending]);

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
    pending.sendAll();
    setCurrent(undefined);
  }, [pending]);

  const undo = useCallback(() => {
    pending.undoNewest();
    setOpen(false);
  }, [pending]);

  if (!current) return null;
  const { type, notificationOptions = {} } = current.payload;
  const { autoHideDuration, undoable } = notificationOptions;
  const content = toastContent(current.payload, translate);
  const severity = type === 'info' ? 'info' : type;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={current.key}
        ref={snackbarRef}
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION : autoHideDuration ?? undefined}
        // An undoable toast keeps counting while the window is in the background: the change waits for it.
        disableWindowBlurListener={Boolean(undoable)}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={isSmall ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ transition: { onExited: handleExited } }}
        // Inline styles are not mirrored for Arabic: the end edge is the left one there.
        style={placement ? { bottom: placement.bottom, ...(direction === 'rtl' ? { left: placement.end } : { right: placement.end }) } : top !== undefined ? { top } : undefined}
        sx={{ maxWidth: { md: 420 }, transition: 'bottom 150ms ease-out, left 150ms ease-out, right 150ms ease-out' }}
        data-testid="toast-area"
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
              <>
                <Button color="inherit" size="small" onClick={undo} data-testid="toast-undo">
                  {translate('ra.action.undo')}
                </Button>
                {/* Undo first, then the close button every toast has. */}
                <IconButton color="inherit" size="small" onClick={close} aria-label={translate('common.close')} title={translate('common.close')} data-testid="toast-close">
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
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
