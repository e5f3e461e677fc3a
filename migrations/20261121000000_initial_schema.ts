import type { Knex } from 'knex';
import { createTable, dropUnfinishedTables, longBinary, longText, timestamp } from './helpers';

/** Every table made here, children first: the order in which they can be dropped. */
const TABLES = [
  'login_attempts',
  'sessions',
  'file_chunks',
  'invoice_counters',
  'invoices',
  'documents',
  'vehicle_files',
  'vehicle_status_events',
  'vehicles',
  'containers',
  'ports',
  'users',
  'companies',
];

/** Undoing the first migration drops every table, with every record, file and invoice. */
export const downLoses = 'every table: companies, users, vehicles, containers, files, documents and invoices';

/**
 * The whole schema of SPEC.md §3 at once, so later work adds columns instead of fighting over tables.
 * Rules: a company's deletion cascades to everything it owns; ports are shared and stay (their
 * companyId becomes null); a deleted container leaves its vehicles unassigned; deleting a user never
 * deletes saved records, it only clears the reference.
 */
export async function up(knex: Knex): Promise<void> {
  // Tables left by a run that stopped halfway (MySQL commits each CREATE TABLE) are made again.
  await dropUnfinishedTables(knex, TABLES);
  await createTable(knex, 'companies', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('code', 50).notNullable().unique();
    t.boolean('active').notNullable().defaultTo(true);
    timestamp(t, 'createdAt').notNullable().index();
  });

  await createTable(knex, 'users', (t) => {
    t.increments('id');
    t.string('username', 254).notNullable().unique();
    t.string('passwordHash', 255).notNullable();
    t.string('role', 20).nullable().index();
    t.integer('companyId').unsigned().nullable().references('companies.id').onDelete('CASCADE').index();
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('pendingApproval').notNullable().defaultTo(true);
    timestamp(t, 'createdAt').notNullable().index();
  });

  await createTable(knex, 'ports', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('nameAr', 200).notNullable();
    t.string('country', 100).notNullable();
    t.integer('companyId').unsigned().nullable().references('companies.id').onDelete('SET NULL').index();
    timestamp(t, 'createdAt').notNullable();
  });

  await createTable(knex, 'containers', (t) => {
    t.increments('id');
    t.string('number', 20).notNullable().unique();
    t.string('bookingNumber', 100).nullable();
    t.string('containerSize', 20).nullable();
    t.string('loadingDate', 30).nullable().index();
    t.string('arrivalDate', 30).nullable().index();
    t.string('sealNumber', 100).nullable();
    t.string('shippingLine', 100).nullable();
    // Required on create by the API; kept nullable so deleting a user never deletes containers.
    t.integer('shipperId').unsigned().nullable().references('users.id').onDelete('SET NULL').index();
    t.integer('fromPortId').unsigned().nullable().references('ports.id').onDelete('SET NULL');
    t.integer('toPortId').unsigned().nullable().references('ports.id').onDelete('SET NULL');
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    timestamp(t, 'createdAt').notNullable().index();
    t.index(['companyId', 'createdAt']);
  });

  await createTable(knex, 'vehicles', (t) => {
    t.increments('id');
    t.string('vin', 17).notNullable().unique();
    t.string('make', 100).nullable();
    t.string('model', 100).nullable();
    t.integer('year').nullable();
    t.integer('containerId').unsigned().nullable().references('containers.id').onDelete('SET NULL').index();
    t.integer('fromPortId').unsigned().nullable().references('ports.id').onDelete('SET NULL');
    t.integer('toPortId').unsigned().nullable().references('ports.id').onDelete('SET NULL');
    t.string('status', 20).notNullable().defaultTo('NEW_PURCHASE').index();
    t.integer('shipperId').unsigned().nullable().references('users.id').onDelete('SET NULL').index();
    t.integer('buyerId').unsigned().nullable().references('users.id').onDelete('SET NULL').index();
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    longText(t, 'notes').nullable();
    longText(t, 'vehicleInfo').nullable(); // JSON object of optional text
    longText(t, 'accidentAnalysis').nullable();
    longText(t, 'accidentAnalysisAr').nullable();
    timestamp(t, 'lastAnalysisDate').nullable();
    timestamp(t, 'createdAt').notNullable().index();
    timestamp(t, 'updatedAt').nullable();
    t.index(['companyId', 'createdAt']);
    t.index(['companyId', 'status']);
  });

  await createTable(knex, 'vehicle_status_events', (t) => {
    t.increments('id');
    t.integer('vehicleId').unsigned().notNullable().references('vehicles.id').onDelete('CASCADE');
    t.string('fromStatus', 20).nullable();
    t.string('toStatus', 20).notNullable();
    t.integer('userId').unsigned().nullable().references('users.id').onDelete('SET NULL');
    timestamp(t, 'createdAt').notNullable();
    t.index(['vehicleId', 'createdAt']);
  });

  await createTable(knex, 'vehicle_files', (t) => {
    t.increments('id');
    t.integer('vehicleId').unsigned().nullable().references('vehicles.id').onDelete('CASCADE').index();
    t.integer('containerId').unsigned().nullable().references('containers.id').onDelete('CASCADE').index();
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE').index();
    t.string('fileType', 10).notNullable(); // IMAGE | DOCUMENT
    t.string('fileName', 255).notNullable();
    t.string('mimeType', 100).notNullable();
    t.bigInteger('fileSize').notNullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.integer('uploadedBy').unsigned().nullable().references('users.id').onDelete('SET NULL');
    timestamp(t, 'createdAt').notNullable();
  });

  await createTable(knex, 'documents', (t) => {
    t.increments('id');
    t.string('fileName', 255).notNullable();
    t.string('mimeType', 100).notNullable();
    t.bigInteger('fileSize').notNullable();
    t.integer('uploadedBy').unsigned().nullable().references('users.id').onDelete('SET NULL');
    // Null: shared with every company.
    t.integer('companyId').unsigned().nullable().references('companies.id').onDelete('CASCADE').index();
    t.string('documentType', 50).nullable();
    longText(t, 'metadata').nullable(); // JSON
    timestamp(t, 'createdAt').notNullable().index();
  });

  await createTable(knex, 'invoices', (t) => {
    t.increments('id');
    t.string('invoiceNumber', 30).notNullable();
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('fileName', 255).notNullable();
    longText(t, 'containerIds').notNullable(); // JSON array
    t.text('containerNumber').notNullable();
    t.string('buyerName', 200).notNullable();
    t.string('buyerAddress', 500).nullable();
    t.string('buyerPhone', 50).nullable();
    t.string('buyerEmail', 254).nullable();
    t.string('sellerName', 200).nullable();
    t.string('sellerAddress', 500).nullable();
    t.string('sellerCity', 100).nullable();
    t.string('sellerCountry', 100).nullable();
    t.string('sellerVatNumber', 30).nullable();
    t.decimal('salePrice', 15, 2).notNullable();
    t.decimal('taxPercentage', 5, 2).notNullable();
    t.decimal('taxAmount', 15, 2).notNullable();
    t.decimal('totalAmount', 15, 2).notNullable();
    t.string('paymentMethod', 20).notNullable();
    t.string('issuedDate', 10).notNullable();
    t.integer('fileSize').notNullable().defaultTo(0);
    t.integer('createdBy').unsigned().nullable().references('users.id').onDelete('SET NULL');
    timestamp(t, 'createdAt').notNullable();
    t.unique(['companyId', 'invoiceNumber']);
    t.index(['companyId', 'createdAt']);
  });

  // One row per company and year; incremented inside the invoice's transaction so numbers are
  // sequential and never reused, even under concurrent requests.
  await createTable(knex, 'invoice_counters', (t) => {
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.integer('lastNumber').notNullable().defaultTo(0);
    t.primary(['companyId', 'year']);
  });

  // File bytes in chunks of at most 1 MiB, so MySQL's max_allowed_packet never limits a file and
  // downloads stream chunk by chunk. Exactly one owner column is set.
  await createTable(knex, 'file_chunks', (t) => {
    t.increments('id');
    t.integer('vehicleFileId').unsigned().nullable().references('vehicle_files.id').onDelete('CASCADE');
    t.integer('documentId').unsigned().nullable().references('documents.id').onDelete('CASCADE');
    t.integer('invoiceId').unsigned().nullable().references('invoices.id').onDelete('CASCADE');
    t.string('variant', 16).notNullable(); // original | compressed | thumbnail | pdf
    t.integer('seq').notNullable();
    longBinary(knex, t, 'data').notNullable();
    t.index(['vehicleFileId', 'variant', 'seq']);
    t.index(['documentId', 'variant', 'seq']);
    t.index(['invoiceId', 'variant', 'seq']);
  });

  await createTable(knex, 'sessions', (t) => {
    t.string('id', 128).primary();
    longText(t, 'data').notNullable();
    t.bigInteger('expiresAt').notNullable().index(); // epoch milliseconds
  });

  await createTable(knex, 'login_attempts', (t) => {
    t.increments('id');
    t.string('username', 254).notNullable();
    t.string('ip', 64).nullable();
    timestamp(t, 'createdAt').notNullable();
    t.index(['username', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}
