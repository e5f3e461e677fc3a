import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { formatDateTime, formatListDate } from '../common/dates';
import type { AppNotification } from './api';

/** The sentence of a notification in the console's language; names and e-mails keep their own direction. */
export function useNotificationText(): (n: AppNotification, language: string) => ReactNode {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  return (n, language) => {
    const p = n.params ?? {};
    const vehicle = [p.make, p.model].filter(Boolean).join(' ') || '—';
    switch (n.kind) {
      case 'vehicleStatusChanged':
        return translateWith('notifications.kinds.vehicleStatusChanged', { vehicle: <Name>{vehicle}</Name>, status: translate(`vehicleStatus.${p.toStatus}`, { _: p.toStatus ?? '' }) });
      case 'registrationPending':
        return translateWith('notifications.kinds.registrationPending', { username: <Name>{p.username ?? ''}</Name> });
      case 'documentOverdue':
        return translateWith('notifications.kinds.documentOverdue', {
          document: translate(`checklist.kinds.${p.documentKind}`, { _: p.documentKind ?? '' }),
          vehicle: <Name>{vehicle}</Name>,
          date: formatListDate(p.dueDate, language),
        });
      default:
        return null;
    }
  };
}

/** The second line: when, and the VIN of a vehicle's notification (kept left to right in Arabic). */
export function useNotificationDetail(): (n: AppNotification, language: string) => ReactNode {
  const translateWith = useTranslateWith();
  return (n, language) => {
    const time = formatDateTime(n.createdAt, language);
    return n.entity === 'vehicle' && n.params?.vin ? translateWith('notifications.vinAndTime', { vin: <Name>{n.params.vin}</Name>, time }) : time;
  };
}

/** Where a click on the notification goes: the vehicle's page, or the users to approve. */
export const notificationPath = (n: AppNotification): string | null =>
  n.entity === 'vehicle' && n.entityId ? `/vehicles/${n.entityId}/edit` : n.entity === 'user' ? '/users' : null;
