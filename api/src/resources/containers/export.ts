import type { Knex } from 'knex';
import { CONTAINER_COLUMNS, type SheetLanguage } from '../../domain/sheetColumns';
import { User } from '../users/model';
import type { ExportColumn } from '../sheetExport';
import type { Container } from './model';

type Row = Container & { fromPortName?: string | null; fromPortNameAr?: string | null; toPortName?: string | null; toPortNameAr?: string | null; companyName?: string | null; shipperName?: string | null };

/** The container sheet an export writes: the import's columns, in the reader's language. */
export function containerExportColumns(language: SheetLanguage): ExportColumn<Row>[] {
  const portName = (name?: string | null, nameAr?: string | null) => (language === 'ar' ? nameAr || name : name) ?? null;
  const cells: Record<string, (row: Row) => string | number | null> = {
    number: (row) => row.number,
    bookingNumber: (row) => row.bookingNumber,
    containerSize: (row) => row.containerSize,
    loadingDate: (row) => row.loadingDate,
    arrivalDate: (row) => row.arrivalDate,
    sealNumber: (row) => row.sealNumber,
    shippingLine: (row) => row.shippingLine,
    fromPort: (row) => portName(row.fromPortName, row.fromPortNameAr),
    toPort: (row) => portName(row.toPortName, row.toPortNameAr),
    shipper: (row) => row.shipperName ?? null,
    company: (row) => row.companyName ?? null,
  };
  return CONTAINER_COLUMNS.map((column) => ({ heading: column[language], cell: cells[column.key] }));
}

/** The shippers' usernames of a batch of rows, read at once. */
export async function addShipperNames(db: Knex, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.shipperId).filter((id): id is number => !!id))];
  const names = new Map((ids.length ? await User.query(db).whereIn('id', ids).select('id', 'username') : []).map((u) => [u.id, u.username]));
  for (const row of rows) row.shipperName = row.shipperId ? (names.get(row.shipperId) ?? null) : null;
}
