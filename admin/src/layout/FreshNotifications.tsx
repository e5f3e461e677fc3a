import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { AddNotificationContext, useAddNotificationContext, type NotificationPayload } from 'react-admin';
import { useLocation } from 'react-router';

/**
 * Drops the toasts of pages the user has left. Every component gets a notify bound to the page it
 * was rendered on (react-admin's useNotify reads AddNotificationContext); an answer that arrives
 * after the user moved on (a failed save, a slow upload's error) calls the notify of the old page,
 * and that page is no longer the current one, so nothing is shown. A notify made before the
 * move (saved, then back to the list) is the current page's and is shown.
 * Undoable toasts always pass: their change waits for the toast, and hiding it would send the
 * change with no chance to undo it.
 */
export const FreshNotifications = ({ children }: { children: ReactNode }) => {
  const addNotification = useAddNotificationContext();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useLayoutEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  const addIfFresh = useCallback(
    (notification: NotificationPayload) => {
      const left = currentPath.current !== pathname;
      if (left && !notification.notificationOptions?.undoable) return;
      addNotification(notification);
    },
    [addNotification, pathname],
  );

  return <AddNotificationContext.Provider value={addIfFresh}>{children}</AddNotificationContext.Provider>;
};
