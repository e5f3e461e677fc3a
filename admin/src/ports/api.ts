import type { Identifier } from 'react-admin';
import { sendJson } from '../providers/http';

/** GET /api/ports/{id}/usage: how many containers and vehicles name the port (a delete is refused then). */
export const portUsage = (id: Identifier) => sendJson<{ containers: number; vehicles: number }>('GET', `/ports/${encodeURIComponent(id)}/usage`);
