import type { Knex } from 'knex';
import { uniqueOr409 } from '../../http/dbErrors';
import { createdFields, diffChanges } from '../../domain/auditEvents';
import { recordEvent } from '../auditLog/record';
import type { User } from '../users/model';
import { writeTransaction } from '../writeTransaction';
import { Company } from './model';

/**
 * The company's business actions (docs/architecture.md, "Operations"); its delete with all its
 * data is cascade.ts. The route has checked who may do what (policy.ts) and parsed the input.
 * A company's events are its own company's (companyId: its id), so its administrator reads them.
 */

const DUPLICATE_CODE = 'Company code already exists';

export async function createCompany(actor: User, input: Record<string, unknown>, db: Knex): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const created = await uniqueOr409(DUPLICATE_CODE, () => Company.query(trx).insert(input));
    await recordEvent(trx, { actor, action: 'create', entity: 'companies', entityId: created.id, companyId: created.id, changes: createdFields(created.toJSON()) });
    return created.id;
  });
}

export async function updateCompany(actor: User, input: { id: number; changes: Record<string, unknown> }, db: Knex): Promise<void> {
  const fields = Object.keys(input.changes);
  if (!fields.length) return;
  await writeTransaction(db, async (trx) => {
    const before = await Company.query(trx).findById(input.id).forUpdate();
    if (!before) return;
    await uniqueOr409(DUPLICATE_CODE, () => Company.query(trx).patch(input.changes).findById(input.id));
    const changes = diffChanges(before.toJSON(), input.changes, fields);
    if (changes) await recordEvent(trx, { actor, action: 'update', entity: 'companies', entityId: input.id, companyId: input.id, changes });
  });
}

/** The logo of the invoice profile stored or removed: recorded as the company's update. */
export function recordLogoChange(trx: Knex, actor: User, companyId: number, had: boolean, has: boolean) {
  return recordEvent(trx, { actor, action: 'update', entity: 'companies', entityId: companyId, companyId, changes: { logo: { from: had, to: has } } });
}
