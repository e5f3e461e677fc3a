import type { Knex } from 'knex';
import type { Port } from './model';
import { assertPortUnused } from './policy';

/**
 * Deletes a port no container or vehicle names (409 ports.inUse otherwise). The check and the
 * delete share the transaction, the port's row locked first: a container or vehicle naming the
 * port meanwhile waits (its foreign key reads that row) and then sees it gone.
 */
export async function deletePort(port: Port, trx: Knex.Transaction): Promise<void> {
  await trx('ports').where({ id: port.id }).forUpdate().first('id');
  await assertPortUnused(trx, port.id);
  await port.$query(trx).delete();
}
