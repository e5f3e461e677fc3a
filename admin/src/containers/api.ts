import type { ContainerStatus } from '@domain/containerStatuses';
import { sendJson } from '../providers/http';

/** PATCH /api/containers/{id}/status: the milestone reached; the answer is the container with `vehiclesUpdated`. */
export const setContainerStatus = (id: number | string, status: ContainerStatus) =>
  sendJson<{ id: number; status: ContainerStatus; vehiclesUpdated: number }>('PATCH', `/containers/${encodeURIComponent(id)}/status`, { status });
