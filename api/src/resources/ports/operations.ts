import type { Knex } from 'knex';
import { createdFields, diffChanges } from '../../domain/auditEvents';
import { recordEvent } from '../auditLog/record';
import type { User } from '../users/model';
import { Port } from './model';
import { assertPortUnused } from './policy';

/**
 * The port's business actions (docs/architecture.md, "Operations"), each with its event; a port's
 * events are its company's when it names one (ports are shared reference data otherwise).
 */

export async function createPort(actor: User, input: Record<string, unknown>, trx: Knex): Promise<Port> {
  const port = await Port.query(trx).insertAndFetch(input);
  await recordEvent(trx, { actor, action: 'create', entity: 'ports', entityId: port.id, companyId: port.companyId ?? null, changes: createdFields(port.toJSON()) });
  return port;
}

export async function updatePort(actor: User, input: { id: number; changes: Record<string, unknown> }, trx: Knex): Promise<Port | undefined> {
  const before = await Port.query(trx).findById(input.id).forUpdate();
  if (!before) return undefined;
  // Taken before the patch: patchAndFetch changes the instance it is called on.
  const was = before.toJSON();
  const after = await before.$patchAndFetchFields(trx, input.changes);
  const changes = diffChanges(was, input.changes, Object.keys(input.changes));
  if (changes) await recordEvent(trx, { actor, action: 'update', entity: 'ports', entityId: before.id, companyId: after.companyId ?? null, changes });
  return after;
}

/**
 * Deletes a port no container or vehicle names (409 ports.inUse otherwise). The check and the
 * delete share the transaction, the port's row locked first: a container or vehicle naming the
 * port meanwhile waits (its foreign key reads that row) and then sees it gone.
 */
export async function deletePort(actor: User, port: Port, trx: Knex.Transaction): Promise<void> {
  await trx('ports').where({ id: port.id }).forUpdate().first('id');
  await assertPortUnused(trx, port.id);
  await port.$query(trx).delete();
  await recordEvent(trx, { actor, action: 'delete', entity: 'ports', entityId: port.id, companyId: port.companyId ?? null, changes: { name: { from: port.name, to: null } } });
}
