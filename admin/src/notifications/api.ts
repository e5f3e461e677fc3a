import { API_URL, fetchOk, sendJson } from '../providers/http';

export type NotificationKind = 'vehicleStatusChanged' | 'registrationPending' | 'documentOverdue';

/** One notification as GET /api/notifications answers it (newest first). */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  params: { vin?: string; make?: string | null; model?: string | null; fromStatus?: string | null; toStatus?: string; username?: string; documentKind?: string; dueDate?: string };
  entity: 'vehicle' | 'user' | null;
  entityId: number | null;
  createdAt: string;
  read: boolean;
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** The signed-in user's newest notifications, and how many are unread in all (X-Unread-Count). */
export async function fetchNotifications(): Promise<{ items: AppNotification[]; unread: number }> {
  const response = await fetchOk(`${API_URL}/notifications`, { headers: { Accept: 'application/json' } });
  const items = (await response.json()) as AppNotification[];
  const unread = Number(response.headers.get('X-Unread-Count') ?? items.filter((n) => !n.read).length);
  return { items, unread };
}

/** POST /api/notifications/read: these of one's own, or all of them. */
export const markRead = (which: { ids: number[] } | { all: true }) => sendJson<{ read: number[] }>('POST', '/notifications/read', which);
