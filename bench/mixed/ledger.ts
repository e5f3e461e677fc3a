import type { Knex } from 'knex';

/**
 * Every acknowledged write, as the value the database must now hold. Each vehicle is written by
 * one simulated user only, one request at a time, so its last acknowledged value is the truth.
 */
type Expected = { status?: string; notes?: string; color?: string; containerId?: number | null };

export class Ledger {
  private readonly vehicles = new Map<number, Expected>();
  private readonly created = new Map<string, number>(); // VIN -> company id
  /** Vehicles whose last write failed or got no answer: its outcome is unknown, so not checked. */
  private readonly unknown = new Set<number>();
  acknowledged = 0;

  private expect(id: number, values: Expected) {
    this.vehicles.set(id, { ...this.vehicles.get(id), ...values });
    this.unknown.delete(id);
    this.acknowledged++;
  }

  status(id: number, status: string) {
    this.expect(id, { status });
  }
  edit(id: number, notes: string, color: string) {
    this.expect(id, { notes, color });
  }
  container(id: number, containerId: number | null) {
    this.expect(id, { containerId });
  }
  create(vin: string, companyId: number) {
    this.created.set(vin, companyId);
    this.acknowledged++;
  }
  outcomeUnknown(id: number) {
    this.unknown.add(id);
  }

  /** Compares with the rows; returns the lost writes, described. */
  async check(db: Knex): Promise<{ checked: number; lost: string[] }> {
    const lost: string[] = [];
    let checked = 0;
    const ids = [...this.vehicles.keys()].filter((id) => !this.unknown.has(id));
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db('vehicles').whereIn('id', ids.slice(i, i + 500)).select('id', 'status', 'notes', 'vehicleInfo', 'containerId');
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids.slice(i, i + 500)) {
        const want = this.vehicles.get(id)!;
        const row = byId.get(id);
        checked++;
        if (!row) {
          lost.push(`vehicle ${id} is gone`);
          continue;
        }
        const info = typeof row.vehicleInfo === 'string' ? JSON.parse(row.vehicleInfo) : (row.vehicleInfo ?? {});
        const have: Expected = { status: row.status, notes: row.notes, color: info.color, containerId: row.containerId === null ? null : Number(row.containerId) };
        for (const field of Object.keys(want) as (keyof Expected)[]) {
          if (have[field] !== want[field]) lost.push(`vehicle ${id} ${field}: acknowledged ${want[field]}, database ${have[field]}`);
        }
      }
    }
    const vins = [...this.created.keys()];
    for (let i = 0; i < vins.length; i += 500) {
      const rows = await db('vehicles').whereIn('vin', vins.slice(i, i + 500)).select('vin', 'companyId');
      const found = new Map(rows.map((r) => [r.vin, Number(r.companyId)]));
      for (const vin of vins.slice(i, i + 500)) {
        checked++;
        if (found.get(vin) !== this.created.get(vin)) lost.push(`created vehicle ${vin} is not in the database`);
      }
    }
    return { checked, lost };
  }
}
