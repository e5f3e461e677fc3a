import type { Knex } from 'knex';
import { MILESTONES, MILESTONE_DATE, type ContainerStatus, type Milestone } from '../../domain/containerStatuses';
import type { VehicleStatus } from '../../domain/statuses';
import { Container } from '../containers/model';
import { VehicleFile } from '../files/model';
import { Port } from '../ports/model';
import { Vehicle } from '../vehicles/model';
import { VehicleStatusEvent } from '../vehicles/statusEvents';
import { TrackingLink } from './model';
import { hashToken, looksLikeToken } from './token';

/**
 * What a tracking link shows to anyone who holds it, and nothing more: the car (make, model,
 * year, the VIN's last 6 characters, its status and their history), its container's number and
 * milestones, the route and the expected arrival, and its images' thumbnails. No prices, no
 * buyer, no company, no user, no notes, no other vehicle. The keys are listed here one by one
 * (never a row spread) so a column added to a table later does not leak through; the API test
 * asserts them exactly.
 */
export type TrackingPort = { name: string; nameAr: string; country: string };
export type TrackingView = {
  make: string | null;
  model: string | null;
  year: number | null;
  vinLast6: string;
  status: VehicleStatus;
  statusHistory: { status: string; at: string }[];
  container: {
    number: string;
    status: ContainerStatus;
    milestones: { milestone: Milestone; plannedAt: string | null; at: string | null }[];
  } | null;
  fromPort: TrackingPort | null;
  toPort: TrackingPort | null;
  /** The planned arrival of the container (its arrival date). */
  eta: string | null;
  images: { id: number; thumbnailUrl: string }[];
  expiresAt: string;
};

/**
 * The vehicle a token opens: the link exists, is neither revoked nor expired, and its vehicle's
 * company is active (a deactivated company's records are no one's to see). Otherwise undefined.
 */
export async function vehicleOfToken(db: Knex, token: string): Promise<{ vehicleId: number; expiresAt: string } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await TrackingLink.query(db)
    .join('vehicles', 'vehicles.id', 'tracking_links.vehicleId')
    .join('companies', 'companies.id', 'vehicles.companyId')
    .where('tracking_links.tokenHash', hashToken(token))
    // A link given by the company the vehicle was with: moved to another company, it opens nothing.
    .whereColumn('tracking_links.companyId', 'vehicles.companyId')
    .whereNull('tracking_links.revokedAt')
    .where('tracking_links.expiresAt', '>', new Date().toISOString())
    .where('companies.active', true)
    .select('tracking_links.vehicleId', 'tracking_links.expiresAt')
    .first();
  return row ? { vehicleId: row.vehicleId, expiresAt: row.expiresAt } : undefined;
}

const portOf = (port: Port | undefined): TrackingPort | null => (port ? { name: port.name, nameAr: port.nameAr, country: port.country } : null);

/** The page's answer for a vehicle a valid token opened (vehicleOfToken). */
export async function trackingView(db: Knex, token: string, opened: { vehicleId: number; expiresAt: string }): Promise<TrackingView> {
  const { vehicleId } = opened;
  const [vehicle, history, images] = await Promise.all([
    Vehicle.query(db).findById(vehicleId).select('make', 'model', 'year', 'vin', 'status', 'containerId', 'fromPortId', 'toPortId').throwIfNotFound(),
    VehicleStatusEvent.query(db)
      .where({ vehicleId })
      .orderBy([{ column: 'createdAt', order: 'asc' }, { column: 'id', order: 'asc' }])
      .select('toStatus', 'createdAt'),
    VehicleFile.query(db).where({ vehicleId, fileType: 'IMAGE' }).orderBy('id').select('id'),
  ]);
  const container = vehicle.containerId
    ? await Container.query(db)
        .findById(vehicle.containerId)
        .select('number', 'status', 'loadingDate', 'arrivalDate', 'loadedAt', 'departedAt', 'arrivedAt', 'releasedAt', 'fromPortId', 'toPortId')
    : undefined;
  // The container's route when the car is in one (where it really goes), else the vehicle's own.
  const fromPortId = container?.fromPortId ?? vehicle.fromPortId;
  const toPortId = container?.toPortId ?? vehicle.toPortId;
  const portIds = [fromPortId, toPortId].filter((id): id is number => id != null);
  const ports = portIds.length ? await Port.query(db).findByIds(portIds).select('id', 'name', 'nameAr', 'country') : [];
  const port = (id: number | null) => portOf(ports.find((p) => p.id === id));
  const planned: Partial<Record<Milestone, string | null>> = { LOADED: container?.loadingDate ?? null, ARRIVED: container?.arrivalDate ?? null };
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vinLast6: vehicle.vin.slice(-6),
    status: vehicle.status,
    statusHistory: history.map((event) => ({ status: event.toStatus, at: event.createdAt })),
    container: container
      ? {
          number: container.number,
          status: container.status,
          milestones: MILESTONES.map((milestone) => ({ milestone, plannedAt: planned[milestone] ?? null, at: container[MILESTONE_DATE[milestone]] ?? null })),
        }
      : null,
    fromPort: port(fromPortId),
    toPort: port(toPortId),
    eta: container?.arrivalDate ?? null,
    images: images.map((image) => ({ id: image.id, thumbnailUrl: `/api/track/${token}/images/${image.id}/thumbnail` })),
    expiresAt: opened.expiresAt,
  };
}
