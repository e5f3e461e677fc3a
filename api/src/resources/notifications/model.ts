import { BaseModel } from '../baseModel';
import type { NotificationKind, NotificationParams } from '../../domain/notifications';

/** Something a user is told (domain/notifications.ts), newest first in their bell; `readAt` once seen. */
export class Notification extends BaseModel {
  static tableName = 'notifications';
  static jsonAttributes = ['params'];

  declare userId: number;
  declare kind: NotificationKind;
  declare params: NotificationParams;
  /** What a click opens: 'vehicle' or 'user', by id. */
  declare entity: 'vehicle' | 'user' | null;
  declare entityId: number | null;
  declare createdAt: string;
  declare readAt: string | null;
  /** Set when the same notification may be found twice (the overdue scan): unique. */
  declare dedupeKey: string | null;
}
