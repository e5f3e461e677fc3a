import { sendJson } from '../providers/http';

/**
 * The staff's calls for a vehicle's tracking links (POST, GET and DELETE
 * /api/vehicles/{id}/tracking-links); the public page's call is in trackingLinks/api.ts.
 */

/** A vehicle's working link as the staff's list shows it (never its token). */
export interface TrackingLinkRow {
  id: number;
  createdAt: string;
  expiresAt: string;
  createdBy: number | null;
  createdByName: string | null;
}

export const fetchTrackingLinks = (vehicleId: number | string) => sendJson<TrackingLinkRow[]>('GET', `/vehicles/${vehicleId}/tracking-links`);

export const createTrackingLink = (vehicleId: number | string, expiresInDays: number) =>
  sendJson<{ url: string; token: string; expiresAt: string }>('POST', `/vehicles/${vehicleId}/tracking-links`, { expiresInDays });

export const revokeTrackingLink = (vehicleId: number | string, linkId: number) => sendJson('DELETE', `/vehicles/${vehicleId}/tracking-links/${linkId}`);
