/**
 * A vehicle's export paperwork (issue 30): the kind of each document, and the checklist of the kinds
 * an export needs, with due dates counted from the container's loading date (US Customs wants the
 * title 72 hours before loading, the ITN a day before, the dock receipt on the day, and the bill of
 * lading follows within a week of sailing).
 */
export const DOCUMENT_KINDS = ['TITLE', 'BILL_OF_SALE', 'ITN', 'DOCK_RECEIPT', 'BILL_OF_LADING', 'OTHER'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DEFAULT_DOCUMENT_KIND: DocumentKind = 'OTHER';
export const isDocumentKind = (value: unknown): value is DocumentKind => DOCUMENT_KINDS.includes(value as DocumentKind);

/** The kinds the checklist asks for (OTHER is stored, never asked for). */
export const CHECKLIST_KINDS = ['TITLE', 'BILL_OF_SALE', 'ITN', 'DOCK_RECEIPT', 'BILL_OF_LADING'] as const satisfies readonly DocumentKind[];
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const isChecklistKind = (value: unknown): value is ChecklistKind => CHECKLIST_KINDS.includes(value as ChecklistKind);

const HOUR = 60 * 60 * 1000;
/** How long after the loading date each kind is due (negative: before); BILL_OF_SALE has no due date. */
const DUE_AFTER_LOADING: Partial<Record<ChecklistKind, number>> = {
  TITLE: -72 * HOUR,
  ITN: -24 * HOUR,
  DOCK_RECEIPT: 0,
  BILL_OF_LADING: 7 * 24 * HOUR,
};

/**
 * When a kind is due, as an ISO instant, or null (no loading date, or a kind without a deadline).
 * A loading date without a time counts from the start of that day (UTC): the earliest reading.
 */
export function dueDateOf(kind: ChecklistKind, loadingDate: string | null | undefined): string | null {
  const offset = DUE_AFTER_LOADING[kind];
  if (offset === undefined || !loadingDate) return null;
  const loading = Date.parse(loadingDate.length === 10 ? `${loadingDate}T00:00:00.000Z` : loadingDate);
  return Number.isNaN(loading) ? null : new Date(loading + offset).toISOString();
}

export type ChecklistStatus = 'MISSING' | 'RECEIVED' | 'VERIFIED';
export type ChecklistItem = { kind: ChecklistKind; status: ChecklistStatus; dueDate: string | null; overdue: boolean; fileId: number | null };

/** A stored document of the vehicle, as the checklist reads it. */
export type ChecklistDocument = { id: number; documentKind: string | null; verifiedAt: string | null };

/**
 * The checklist from the vehicle's documents: each kind's newest file (RECEIVED, or VERIFIED once
 * that file was checked), its due date, and whether it is overdue (due, passed, and still missing).
 */
export function checklistOf(documents: ChecklistDocument[], loadingDate: string | null, now: Date = new Date()): ChecklistItem[] {
  return CHECKLIST_KINDS.map((kind) => {
    const newest = documents.filter((d) => d.documentKind === kind).sort((a, b) => b.id - a.id)[0];
    const dueDate = dueDateOf(kind, loadingDate);
    const status: ChecklistStatus = !newest ? 'MISSING' : newest.verifiedAt ? 'VERIFIED' : 'RECEIVED';
    return { kind, status, dueDate, overdue: status === 'MISSING' && dueDate !== null && Date.parse(dueDate) < now.getTime(), fileId: newest?.id ?? null };
  });
}

/**
 * The earliest due date among the kinds still missing, or null: kept on the vehicle
 * (`documentsDueAt`), so "every vehicle with an overdue document" is one range of an index.
 */
export function earliestMissingDue(kindsPresent: Iterable<string | null>, loadingDate: string | null): string | null {
  const present = new Set(kindsPresent);
  const dues = CHECKLIST_KINDS.filter((kind) => !present.has(kind))
    .map((kind) => dueDateOf(kind, loadingDate))
    .filter((due): due is string => due !== null)
    .sort();
  return dues[0] ?? null;
}
