import type { Knex } from 'knex';
import { STATUS_LABELS, VEHICLE_COLUMNS, VEHICLE_INFO_COLUMNS, type SheetLanguage } from '../../domain/sheetColumns';
import { vehicleValueLabel } from '../../domain/vehicleValues';
import { Port } from '../ports/model';
import type { ExportColumn } from '../sheetExport';
import type { Vehicle } from './model';

type Row = Vehicle & { containerNumber?: string | null; companyName?: string | null; buyerName?: string | null };

/**
 * The vehicle sheet an export writes: the import's columns, headed in the reader's language,
 * vehicleInfo flattened into a column per field, the status and the ports by name, so a file
 * exported, changed in Excel and imported again updates the same vehicles.
 */
export async function vehicleExportColumns(db: Knex, language: SheetLanguage): Promise<ExportColumn<Row>[]> {
  // Ports are shared reference data (tens of rows): named from one read rather than a join per row.
  const ports = new Map((await Port.query(db).select('id', 'name', 'nameAr')).map((p) => [p.id, language === 'ar' ? p.nameAr || p.name : p.name]));
  const port = (id: number | null) => (id ? (ports.get(id) ?? null) : null);
  const cells: Record<string, (row: Row) => string | number | null> = {
    vin: (row) => row.vin,
    make: (row) => row.make,
    model: (row) => row.model,
    year: (row) => row.year,
    status: (row) => STATUS_LABELS[language][row.status] ?? row.status,
    container: (row) => row.containerNumber ?? null,
    fromPort: (row) => port(row.fromPortId),
    toPort: (row) => port(row.toPortId),
    buyer: (row) => row.buyerName ?? null,
    notes: (row) => row.notes,
    company: (row) => row.companyName ?? null,
  };
  // Colours and coded values in Arabic on an Arabic sheet (the import reads them back); an English
  // sheet keeps the stored values, so it goes round unchanged.
  const info = (key: string, stored: string | undefined) => (stored ? (language === 'ar' ? vehicleValueLabel(key, stored, 'ar') : stored) : null);
  for (const { key } of VEHICLE_INFO_COLUMNS) cells[key] = (row) => info(key, row.vehicleInfo?.[key]);
  return VEHICLE_COLUMNS.map((column) => ({ heading: column[language], cell: cells[column.key] }));
}
