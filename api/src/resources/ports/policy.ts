import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import { badRequest } from '../../http/errors';
import { Port } from './model';

/** Port ids given in a body must exist (ports are shared, so any existing port will do). */
export async function assertPortsExist(db: Knex, ports: Record<string, number | null | undefined>) {
  for (const [field, id] of Object.entries(ports)) {
    if (id && !(await Port.query(db).findById(id).select('id'))) throw badRequest('The port does not exist', { [field]: 'does not exist' });
  }
}

/** How many containers and vehicles, of every company, name the port as origin or destination. */
export async function portUsage(db: Knex, portId: number): Promise<{ containers: number; vehicles: number }> {
  const count = async (table: 'containers' | 'vehicles') => {
    const [row] = await db(table).where('fromPortId', portId).orWhere('toPortId', portId).count({ n: '*' });
    return Number(row.n);
  };
  return { containers: await count('containers'), vehicles: await count('vehicles') };
}

/**
 * A port in use is not deleted: the database would silently empty the origin or destination of
 * every container and vehicle that names it (ON DELETE SET NULL). 409 with the figures.
 */
export async function assertPortUnused(db: Knex, portId: number) {
  const usage = await portUsage(db, portId);
  if (usage.containers || usage.vehicles) {
    throw new DomainError('conflict', 'ports.inUse', `This port is used by ${usage.containers} container(s) and ${usage.vehicles} vehicle(s); change them to another port before deleting it`, undefined, usage);
  }
}
