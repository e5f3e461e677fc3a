import type { Identifier } from 'react-admin';
import type { Role } from '@domain/roles';
import { sendJson } from '../providers/http';

/** POST /api/users/{id}/role: the change-role action of the users screen. */
export const setUserRole = (id: Identifier, role: Role) =>
  sendJson<Record<string, unknown>>('POST', `/users/${encodeURIComponent(id)}/role`, { role });

/** POST /api/users/{id}/password: an administrator's reset; the user must change it at the next sign-in. */
export const resetUserPassword = (id: Identifier, newPassword: string) =>
  sendJson<Record<string, unknown>>('POST', `/users/${encodeURIComponent(id)}/password`, { newPassword });
