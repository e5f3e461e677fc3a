import type { Knex } from 'knex';
import { createNewTable, timestamp } from './helpers';

/**
 * `tracking_links`: the links a company gives a buyer to follow one vehicle without an account
 * (`/track/{token}`). Only the SHA-256 of the token is kept: the raw token is in the URL answered
 * once, and a copy of the database cannot be used to open the links. A link goes with its vehicle
 * and its company (ON DELETE CASCADE); its author's id becomes null when the user is deleted.
 * A table left by a run that failed halfway on MariaDB (DDL is not transactional; knex adds each
 * foreign key and index by a statement of its own) is empty and made again (createNewTable).
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'tracking_links', (t) => {
    t.increments('id');
    t.integer('vehicleId').unsigned().notNullable().references('vehicles.id').onDelete('CASCADE');
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE').index();
    // Hex of SHA-256: 64 characters, compared byte for byte.
    t.string('tokenHash', 64).notNullable().unique();
    t.integer('createdBy').unsigned().nullable().references('users.id').onDelete('SET NULL');
    timestamp(t, 'createdAt').notNullable();
    timestamp(t, 'expiresAt').notNullable();
    timestamp(t, 'revokedAt').nullable();
    // A vehicle's active links, newest first (the console's list).
    t.index(['vehicleId', 'revokedAt', 'expiresAt']);
  });
}

export const downLoses = 'every tracking link given to buyers (their links stop working)';

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tracking_links');
}
