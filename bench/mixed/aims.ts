import type { EngineName } from '../../api/test/support/engines';
import type { RouteRow } from './load';
import type { Aim } from './report';

/** The issue's aims, and the conditions they are stated for: 100,000 vehicles, 50 connections. */
export const AIM_VEHICLES = 100_000;
export const AIM_CONNECTIONS = 50;
const SHIPPER_P99_MS = 100;

type Measured = {
  engine: EngineName;
  failures: number;
  lost: number;
  sequential: { page: RouteRow; status: RouteRow };
  /** The measured run's routes, over shipper connections only. */
  shipperRows: RouteRow[];
  /** Whether the run had the aims' own size (otherwise the size is named beside the verdict). */
  atAimSize: boolean;
  size: string;
};

/** Each aim met, missed, or null where it does not concern this engine. */
export function judgeAims({ engine, failures, lost, sequential, shipperRows, atAimSize, size }: Measured): Aim[] {
  const worst = shipperRows.reduce<RouteRow | undefined>((w, r) => (!w || r.p99 > w.p99 ? r : w), undefined);
  return [
    { label: '0 errors and 0 lost writes', met: failures === 0 && lost === 0 },
    {
      label: 'status change p50 ≤ page read p50 (sequential, SQLite)',
      met: engine === 'sqlite' ? sequential.status.p50 <= sequential.page.p50 : null,
      note: engine === 'sqlite' ? `${sequential.status.p50.toFixed(1)} vs ${sequential.page.p50.toFixed(1)} ms` : 'an aim on SQLite',
    },
    {
      label: `p99 ≤ ${SHIPPER_P99_MS} ms on every shipper route (MariaDB, 2 processes, 50 connections, 100,000 vehicles)`,
      met: engine === 'mysql' && worst ? worst.p99 <= SHIPPER_P99_MS : null,
      note:
        engine !== 'mysql'
          ? 'an aim on MariaDB/MySQL'
          : `shippers' worst: ${worst?.name ?? '-'} at p99 ${worst?.p99.toFixed(1) ?? '-'} ms${atAimSize ? '' : `; measured at ${size}`}`,
    },
  ];
}
