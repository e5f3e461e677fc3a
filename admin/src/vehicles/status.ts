import { VEHICLE_STATUSES, isVehicleStatus, type VehicleStatus } from '@domain/statuses';

export { VEHICLE_STATUSES, isVehicleStatus, type VehicleStatus };

/**
 * Badge colours of the eight shipping statuses. The first four follow SPEC.md §4 (yellow, blue,
 * purple, green); the others are told apart by hue as well. Text on its background keeps at least
 * the WCAG AA contrast of 4.5:1 (status.test.ts checks it), so the label stays readable.
 */
export const STATUS_COLORS: Record<VehicleStatus, { background: string; text: string }> = {
  NEW_PURCHASE: { background: '#fef3c7', text: '#854d0e' }, // yellow
  DISPATCHED: { background: '#dbeafe', text: '#1e40af' }, // blue
  IN_PROGRESS: { background: '#ffedd5', text: '#9a3412' }, // orange
  AT_WAREHOUSE: { background: '#ede9fe', text: '#5b21b6' }, // purple
  LOADED: { background: '#dcfce7', text: '#166534' }, // green
  SHIPPED: { background: '#e0e7ff', text: '#3730a3' }, // indigo
  AT_PORT: { background: '#ccfbf1', text: '#115e59' }, // teal
  RECEIVED: { background: '#e2e8f0', text: '#1e293b' }, // slate: the journey is over
};

const FALLBACK = { background: '#eeeeee', text: '#333333' };

/** The colours of a status; an unknown value (an older API) gets a neutral grey. */
export const statusColors = (status: unknown) => (isVehicleStatus(status) ? STATUS_COLORS[status] : FALLBACK);

/**
 * A status's colour as text or a line straight on the page's paper (the dashboard's status
 * headings): the dark badge text on the light theme, the pale badge background on the dark one,
 * where the dark tones would vanish. Either keeps 4.5:1 on its paper (status.test.ts).
 */
export const statusColorOnPaper = (status: unknown, mode: 'light' | 'dark') => (mode === 'dark' ? statusColors(status).background : statusColors(status).text);

/** The message key of a status label ('New Purchase' …). */
export const statusLabelKey = (status: string) => `vehicleStatus.${status}`;

/** react-admin choices for selects and filters, labels as message keys (translated by the input). */
export const statusChoices = VEHICLE_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }));
