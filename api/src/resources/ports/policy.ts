import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { Port } from './model';

/** Port ids given in a body must exist (ports are shared, so any existing port will do). */
export async function assertPortsExist(db: Knex, ports: Record<string, number | null | undefined>) {
  for (const [field, id] of Object.entries(ports)) {
    if (id && !(await Port.query(db).findById(id).select('id'))) throw badRequest('The port does not exist', { [field]: 'does not exist' });
  }
}
