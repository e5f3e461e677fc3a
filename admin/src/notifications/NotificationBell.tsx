import { useId, useState, type MouseEvent } from 'react';
import { Badge, Box, Button, CircularProgress, Divider, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography, useTheme } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchNotifications, markRead, NOTIFICATIONS_KEY, type AppNotification } from './api';
import { notificationPath, useNotificationDetail, useNotificationText } from './notificationText';

/** How often the bell asks for news while the console is open (and again whenever the window gets the focus). */
const POLL_MS = 60_000;

/**
 * The bell in the header: the count of unread notifications on it, and a list of the newest under
 * it (newest first). A click on one marks it read and opens what it is about; "Mark all read" clears
 * the count. It asks the server every minute and when the window comes back to the front: the
 * console's other queries never poll (docs/decisions.md).
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const text = useNotificationText();
  const detail = useNotificationDetail();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const query = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: fetchNotifications, refetchInterval: POLL_MS, refetchOnWindowFocus: true, staleTime: 0 });
  const mark = useMutation({ mutationFn: markRead, onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }) });

  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  const label = unread ? translate('notifications.bellUnread', { count: unread }) : translate('notifications.bell');
  const open = !!anchor;
  // Opens under the bell toward the middle of the page: leftward in English, rightward in Arabic.
  const side = theme.direction === 'rtl' ? 'left' : 'right';

  const openItem = (n: AppNotification) => {
    setAnchor(null);
    if (!n.read) mark.mutate({ ids: [n.id] });
    const path = notificationPath(n);
    if (path) navigate(path);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={open ? popoverId : undefined}
          aria-expanded={open ? 'true' : undefined}
          data-testid="notification-bell"
          onClick={(event: MouseEvent<HTMLElement>) => {
            setAnchor(event.currentTarget);
            void query.refetch();
          }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: side }}
        transformOrigin={{ vertical: 'top', horizontal: side }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(70vh, 560px)', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box role="dialog" aria-label={translate('notifications.title')} data-testid="notification-list" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingInline: 2, paddingBlock: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
              {translate('notifications.title')}
            </Typography>
            <Button size="small" disabled={!unread || mark.isPending} onClick={() => mark.mutate({ all: true })}>
              {translate('notifications.markAllRead')}
            </Button>
          </Box>
          <Divider />
          {query.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', padding: 3 }}>
              <CircularProgress size={24} />
            </Box>
          ) : query.isError && !items.length ? (
            <Typography color="error" sx={{ padding: 2 }}>
              {translate('notifications.loadFailed')}
            </Typography>
          ) : !items.length ? (
            <Typography color="text.secondary" sx={{ padding: 2 }}>
              {translate('notifications.empty')}
            </Typography>
          ) : (
            <List dense disablePadding sx={{ overflowY: 'auto' }}>
              {items.map((n) => (
                <ListItemButton
                  key={n.id}
                  onClick={() => openItem(n)}
                  data-testid="notification-item"
                  data-read={n.read ? 'true' : 'false'}
                  sx={{ alignItems: 'flex-start', gap: 1, bgcolor: n.read ? undefined : 'action.selected', borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box
                    aria-label={n.read ? undefined : translate('notifications.unread')}
                    sx={{ width: 8, height: 8, marginTop: 1, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'primary.main' }}
                  />
                  <ListItemText
                    primary={text(n, locale)}
                    secondary={detail(n, locale)}
                    slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600, textAlign: 'start' } }, secondary: { sx: { textAlign: 'start' } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
};
