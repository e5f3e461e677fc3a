import type { FileKind } from './types';

/**
 * The tables whose rows point at stored bytes (their `storage` and `storageKey` columns), and the
 * column that is the id a staged file's `write` is given; `npm run storage:migrate` walks each.
 * (The S3 sweep needs none of them: it removes only the keys recorded in storage_pending_keys.) A logo is the one file replaced in its row (a new
 * logo of the same company): its `updatedAt` tells the migration that the bytes it copied are gone.
 */
export const FILE_TABLES: Record<FileKind, { table: string; id: string; version?: string }> = {
  vehicleFile: { table: 'vehicle_files', id: 'id' },
  document: { table: 'documents', id: 'id' },
  invoice: { table: 'invoices', id: 'id' },
  logo: { table: 'company_logos', id: 'companyId', version: 'updatedAt' },
};

export const FILE_KINDS = Object.keys(FILE_TABLES) as FileKind[];

/** A file's kind: a vehicle's or container's file unless its row says otherwise. */
export const kindOf = (file: { kind?: FileKind }): FileKind => file.kind ?? 'vehicleFile';
