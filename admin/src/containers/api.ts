import type { ContainerStatus } from '@domain/containerStatuses';
import { sendJson } from '../providers/http';

/**
 * PATCH /api/containers/{id}/status: the milestone reached and the day it happened ('yyyy-MM-dd';
 * none: now); the answer is the container with `vehiclesUpdated`.
 */
export const setContainerStatus = (id: number | string, status: ContainerStatus, at?: string) =>
  sendJson<{ id: number; status: ContainerStatus; vehiclesUpdated: number }>('PATCH', `/containers/${encodeURIComponent(id)}/status`, at ? { status, at } : { status });
