import type { ContainerStatus } from '@domain/containerStatuses';
import type { VehicleStatus } from '@domain/statuses';
import type { CompanyRole } from '@domain/roles';
import { sendJson } from '../providers/http';

/** GET /api/dashboard: everything the dashboard shows, scoped to the signed-in role. */
export interface DashboardData {
  counts: { vehicles: number; containers: number; ports: number; companies?: number; users?: number };
  byStatus: { status: VehicleStatus; count: number; vehicles: { id: number; vin: string; make: string | null; model: string | null; year: number | null }[] }[] | null;
  recentVehicles: { id: number; vin: string; make: string | null; model: string | null; year: number | null; status: VehicleStatus; createdAt: string }[];
  recentCompanies: { id: number; name: string; code: string; active: boolean; createdAt: string }[] | null;
  /** A buyer's cars arriving within 14 days or overdue, not yet delivered, soonest first (buyers only). */
  arrivingSoon?: ArrivingVehicle[];
  /** Staff: how many vehicles have a document past due, and the containers due within 14 days or late. */
  documentsOverdue?: number;
  arrivingContainers?: ArrivingContainer[];
}

export interface ArrivingContainer {
  id: number;
  number: string;
  status: ContainerStatus;
  arrivalDate: string;
  arrivalLate: boolean;
}

export interface ArrivingVehicle {
  id: number;
  vin: string;
  make: string | null;
  model: string | null;
  year: number | null;
  status: VehicleStatus;
  containerNumber: string;
  arrivalDate: string;
  toPortName: string | null;
  toPortNameAr: string | null;
  toPortCountry: string | null;
}

export const fetchDashboard = () => sendJson<DashboardData>('GET', '/dashboard');

/** POST /api/demo-data: the demo company on an install without companies (super admin only; 409 otherwise). */
export interface DemoLoaded {
  company: { id: number; name: string; code: string };
  accounts: { username: string; role: CompanyRole; password: string }[];
  counts: { ports: number; containers: number; vehicles: number; photos: number };
}

export const loadDemoData = () => sendJson<DemoLoaded>('POST', '/demo-data');
