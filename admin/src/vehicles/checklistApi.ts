import type { ChecklistItem, ChecklistKind } from '@domain/documentChecklist';
import { sendFiles, sendJson } from '../providers/http';
import type { StoredFile } from '../files/format';

const vehiclePath = (id: number | string) => `/vehicles/${encodeURIComponent(id)}`;

/** GET /api/vehicles/{id}/checklist: each kind MISSING, RECEIVED or VERIFIED, its due date and whether it is overdue. */
export const fetchChecklist = (vehicleId: number | string) => sendJson<ChecklistItem[]>('GET', `${vehiclePath(vehicleId)}/checklist`);

/** PATCH /api/vehicles/{id}/checklist/{kind} {verified: true}: answers the checklist. */
export const verifyChecklistItem = (vehicleId: number | string, kind: ChecklistKind) =>
  sendJson<ChecklistItem[]>('PATCH', `${vehiclePath(vehicleId)}/checklist/${kind}`, { verified: true });

/** One document uploaded as a kind (the upload's `documentKind` field). */
export const uploadDocumentOfKind = (vehicleId: number | string, kind: ChecklistKind, file: File) =>
  sendFiles<StoredFile[]>('POST', `${vehiclePath(vehicleId)}/files`, [file], { fields: { documentKind: kind } });
