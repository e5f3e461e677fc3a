import type { SheetLanguage } from '../../domain/sheetColumns';
import type { ExportColumn } from '../sheetExport';
import type { AuditEvent } from './model';

const HEADINGS: Record<string, Record<SheetLanguage, string>> = {
  id: { en: 'Event', ar: 'الحدث' },
  createdAt: { en: 'Date', ar: 'التاريخ' },
  username: { en: 'User', ar: 'المستخدم' },
  role: { en: 'Role', ar: 'الدور' },
  companyId: { en: 'Company', ar: 'الشركة' },
  ip: { en: 'IP address', ar: 'عنوان IP' },
  action: { en: 'Action', ar: 'الإجراء' },
  entity: { en: 'Record type', ar: 'نوع السجل' },
  entityId: { en: 'Record', ar: 'السجل' },
  changes: { en: 'Changes', ar: 'التغييرات' },
};

/** `field: from → to; …`, as one cell. */
const changesText = (event: AuditEvent) =>
  event.changes ? Object.entries(event.changes).map(([field, { from, to }]) => `${field}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`).join('; ') : null;

/** The audit log's sheet (GET /api/audit-log/export): one row per event, in the reader's language. */
export function auditExportColumns(language: SheetLanguage): ExportColumn<AuditEvent>[] {
  const cells: Record<keyof typeof HEADINGS, (e: AuditEvent) => string | number | null> = {
    id: (e) => e.id,
    createdAt: (e) => e.createdAt,
    username: (e) => e.username,
    role: (e) => e.role,
    companyId: (e) => e.companyId,
    ip: (e) => e.ip,
    action: (e) => e.action,
    entity: (e) => e.entity,
    entityId: (e) => e.entityId,
    changes: changesText,
  };
  return Object.entries(HEADINGS).map(([key, heading]) => ({ heading: heading[language], cell: cells[key] }));
}
