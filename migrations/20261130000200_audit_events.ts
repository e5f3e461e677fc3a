import type { Knex } from 'knex';
import { createNewTable, longText, timestamp } from './helpers';

/**
 * One record of events (issue 31): every create, update and delete of the records, and every
 * sign-in, sign-out and failed sign-in, as one row written in the transaction of the change
 * (api/src/resources/auditLog/record.ts). No foreign keys: a deleted company, user or record keeps
 * its events (the ids stay as the record of what they were; `username` is the name at that time).
 * Indexed for the audit log's filters, each with the id it is sorted by, newest first.
 * createNewTable makes it again after a run that stopped halfway (it is empty then).
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'audit_events', (t) => {
    t.increments('id').primary();
    timestamp(t, 'createdAt').notNullable();
    t.integer('userId').unsigned().nullable();
    t.string('username', 255).nullable();
    t.string('role', 20).nullable();
    t.integer('companyId').unsigned().nullable();
    t.string('ip', 64).nullable();
    t.string('action', 20).notNullable();
    t.string('entity', 20).notNullable();
    t.integer('entityId').unsigned().nullable();
    longText(t, 'changes').nullable();
    t.index(['entity', 'entityId', 'id']);
    t.index(['companyId', 'id']);
    t.index(['userId', 'id']);
    t.index(['action', 'id']);
    t.index(['createdAt']);
  });
}

export const downLoses = 'the record of events (who changed what, sign-ins)';

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_events');
}
