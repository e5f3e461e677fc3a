import type { RouteRow } from './load';

export type Aim = { label: string; met: boolean | null; note?: string };
export type MemoryRow = { pid: number; port: number; peakMb: number; endMb: number };

const out = (line = '') => process.stdout.write(line + '\n');
const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1)).padStart(8);

export function printRoutes(rows: RouteRow[], seconds: number, totals = true) {
  out(`${'operation'.padEnd(32)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  const sorted = !totals ? rows : [...rows].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'read' ? -1 : 1));
  for (const r of sorted) out(`${r.name.padEnd(32)} ${String(r.requests).padStart(8)} ${r.rps.toFixed(1).padStart(7)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.errors).padStart(7)}`);
  if (!totals) return;
  const requests = rows.reduce((a, r) => a + r.requests, 0);
  const writes = rows.filter((r) => r.kind === 'write').reduce((a, r) => a + r.requests, 0);
  const errors = rows.reduce((a, r) => a + r.errors, 0);
  out(`${'all'.padEnd(32)} ${String(requests).padStart(8)} ${(requests / seconds).toFixed(1).padStart(7)} ${''.padStart(8)} ${''.padStart(8)} ${String(errors).padStart(7)}`);
  if (requests) out(`mix measured: ${((100 * (requests - writes)) / requests).toFixed(1)}% reads, ${((100 * writes) / requests).toFixed(1)}% writes`);
}

export function printMemory(rows: MemoryRow[]) {
  for (const m of rows) out(`server pid ${m.pid} (port ${m.port}) RSS: peak ${m.peakMb.toFixed(0)} MB, end ${m.endMb.toFixed(0)} MB`);
}

export function printAims(aims: Aim[]) {
  out('aims:');
  for (const a of aims) out(`  ${a.met === null ? 'n/a   ' : a.met ? 'met   ' : 'MISSED'}  ${a.label}${a.note ? `  (${a.note})` : ''}`);
}

export { out };
