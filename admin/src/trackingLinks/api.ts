import { API_URL, responseError } from '../providers/http';
import type { PortLike } from '../common/ports';

/** GET /api/track/{token}: what a tracking link shows (api/src/resources/trackingLinks/publicView.ts). */
export interface TrackingView {
  make: string | null;
  model: string | null;
  year: number | null;
  vinLast6: string;
  status: string;
  statusHistory: { status: string; at: string }[];
  container: {
    number: string;
    status: string;
    milestones: { milestone: string; plannedAt: string | null; at: string | null }[];
  } | null;
  fromPort: PortLike | null;
  toPort: PortLike | null;
  eta: string | null;
  images: { id: number; thumbnailUrl: string }[];
  expiresAt: string;
}

/**
 * The public view, asked without the session cookie: the page works for anyone holding the link,
 * and a staff member opening it sees exactly what the buyer sees.
 */
export async function fetchTrackingView(token: string): Promise<TrackingView> {
  const response = await fetch(`${API_URL}/track/${encodeURIComponent(token)}`, { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as TrackingView;
}
