import { useCallback, type ReactNode } from 'react';
import { AddNotificationContext, useAddNotificationContext, type NotificationPayload } from 'react-admin';
import { useLocation } from 'react-router';

/** The page the browser is on. The address changes the moment the user moves, before the next
 * page has rendered (react-router moves inside a transition, and the old page stays on screen
 * while the next one loads), so the router's own location would still name the old page. */
const currentPage = () => window.location.pathname;

/**
 * Drops the toasts of pages the user has left. Every component gets a notify bound to the page it
 * was rendered on (react-admin's useNotify reads AddNotificationContext); an answer that arrives
 * after the user moved on calls the notify of the old page, which is no longer the current one, so
 * its confirmation or notice is not shown. A notify made before the move (saved, then back to the
 * list) is the current page's and is shown.
 * Errors always pass: a save that fails after the user moved on (a slow save, a status change sent
 * when its undo toast went) would otherwise be lost without a word, the user believing it stored.
 * Undoable toasts always pass too: their change waits for the toast, and hiding it would send the
 * change with no chance to undo it.
 */
export const FreshNotifications = ({ children }: { children: ReactNode }) => {
  const addNotification = useAddNotificationContext();
  useLocation(); // renders again on every move, so each page gets a notify of its own
  const page = currentPage();

  const addIfFresh = useCallback(
    (notification: NotificationPayload) => {
      const mustBeSeen = notification.type === 'error' || notification.notificationOptions?.undoable;
      if (currentPage() !== page && !mustBeSeen) return;
      addNotification(notification);
    },
    [addNotification, page],
  );

  return <AddNotificationContext.Provider value={addIfFresh}>{children}</AddNotificationContext.Provider>;
};
