import type { Knex } from 'knex';
import type { DomainError } from '../../domain/errors';
import { containerCapacity } from '../../domain/containerNumber';
import { canonicalMake } from '../../domain/makes';
import { vehicleValueOfCell } from '../../domain/vehicleValues';
import { VEHICLE_BUYER_ROLES } from '../../domain/roles';
import { statusOfCell, VEHICLE_COLUMNS, VEHICLE_INFO_COLUMNS } from '../../domain/sheetColumns';
import { isVinCheckDigitValid, normalizeVin, vinProblem } from '../../domain/vin';
import { manufacturerFromVin, modelYearFromVin } from '../../domain/wmi';
import type { Sheet } from '../../services/spreadsheets/readSheet';
import type { SheetLanguage } from '../../domain/sheetColumns';
import { ImportLookups } from '../imports/lookups';
import { explainRefusal, RowProblem, type ImportPlan, type RowOutcome, type RowReport } from '../imports/runImport';
import { mapSheet, repeatedInFile, type MappedRow } from '../imports/sheetRows';
import type { User } from '../users/model';
import { Vehicle } from './model';
import { createVehicles, updateVehicle } from './operations';
import { VehicleUpdateSchema } from './schema';

/**
 * A vehicle sheet as an import (imports/runImport.ts): each row, matched by VIN within the
 * company, becomes a new vehicle of createVehicles (a chunk's new vehicles at once) or updateVehicle (a status among the changes goes through
 * setVehicleStatus there, a container through assignVehicles): the rules of the single-record
 * API hold for every row. A cell left empty leaves the vehicle's value as it is.
 */
const INFO_KEYS = new Set(VEHICLE_INFO_COLUMNS.map((c) => c.key));
/** The operations' field names, as the sheet's columns. */
const FIELD_COLUMNS: Record<string, string> = { containerId: 'container', buyerId: 'buyer', fromPortId: 'fromPort', toPortId: 'toPort', companyId: 'company' };

/** The row's plain fields, checked by the API's own schema; a problem names its column. */
function rowFields(values: Record<string, string>) {
  const vehicleInfo: Record<string, string> = {};
  // A colour or coded value in either language (an Arabic sheet exported here) is stored as the API stores it.
  for (const [key, value] of Object.entries(values)) if (INFO_KEYS.has(key)) vehicleInfo[key] = value && vehicleValueOfCell(key, value);
  const raw: Record<string, unknown> = { make: values.make, model: values.model, year: values.year, notes: values.notes };
  if (Object.keys(vehicleInfo).length) raw.vehicleInfo = vehicleInfo;
  const parsed = VehicleUpdateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path.at(-1) ?? issue.path[0]);
    if (field === 'year') throw new RowProblem('year', 'year.invalid', { detail: issue.message });
    throw new RowProblem(field, 'text.invalid', { detail: issue.message });
  }
  // The stored spelling, so a file's "TOYOTA" is no change to a stored "Toyota".
  if (parsed.data.make !== undefined) parsed.data.make = canonicalMake(parsed.data.make) ?? undefined;
  return parsed.data;
}

type Existing = Pick<Vehicle, 'id' | 'companyId' | 'make' | 'model' | 'year' | 'notes' | 'vehicleInfo' | 'status' | 'containerId' | 'fromPortId' | 'toPortId' | 'buyerId'>;

/** The changes a row makes to a vehicle: only the values that differ (none: unchanged). */
function changesTo(existing: Existing, wanted: Record<string, unknown>) {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value === undefined) continue;
    if (key === 'vehicleInfo') {
      const merged = { ...(existing.vehicleInfo ?? {}), ...(value as Record<string, string>) };
      if (JSON.stringify(merged) !== JSON.stringify(existing.vehicleInfo ?? {})) changes.vehicleInfo = merged;
    } else if ((existing as Record<string, unknown>)[key] !== value) changes[key] = value;
  }
  return changes;
}

/** What a row asks for, read from its cells and the names looked up; a problem throws. */
async function plannedRow(lookups: ImportLookups, row: MappedRow, report: RowReport) {
  const { values } = row;
  const vin = normalizeVin(values.vin ?? '');
  if (!vin) throw new RowProblem('vin', 'required');
  if (vinProblem(vin)) throw new RowProblem('vin', 'vin.invalid');
  const fields = rowFields(values);
  const companyId = await lookups.companyOf(values.company);
  let status;
  if (values.status) {
    status = statusOfCell(values.status);
    if (!status) throw new RowProblem('status', 'status.unknown', { value: values.status });
  }
  const container = values.container ? await lookups.container(companyId, values.container) : undefined;
  const wanted = {
    ...fields,
    status,
    containerId: container?.id,
    fromPortId: await lookups.portId('fromPort', values.fromPort),
    toPortId: await lookups.portId('toPort', values.toPort),
    buyerId: await lookups.userId('buyer', companyId, values.buyer, VEHICLE_BUYER_ROLES, 'buyer.notFound'),
  };
  if (!isVinCheckDigitValid(vin)) report.warn('vin', 'vin.checkDigit');
  return { vin, companyId, wanted, container };
}
type PlannedRow = Awaited<ReturnType<typeof plannedRow>>;

const EXISTING_FIELDS = ['id', 'companyId', 'make', 'model', 'year', 'notes', 'vehicleInfo', 'status', 'containerId', 'fromPortId', 'toPortId', 'buyerId'] as const;

/** The vehicles the VINs name already, by VIN (one query for a chunk's rows). */
async function existingByVin(trx: Knex, vins: string[]): Promise<Map<string, Existing>> {
  const found = await Vehicle.query(trx).whereIn('vin', vins).select('vin', ...EXISTING_FIELDS);
  return new Map(found.map((vehicle) => [vehicle.vin, vehicle]));
}

/**
 * The row's vehicle changed by updateVehicle (its status through setVehicleStatus, its container
 * through the assignment), or 'unchanged'; a vehicle of another company is the VIN's problem.
 */
async function updateRow(trx: Knex, actor: User, planned: PlannedRow, existing: Existing): Promise<RowOutcome> {
  if (existing.companyId !== planned.companyId) throw new RowProblem('vin', 'vin.taken');
  const changes = changesTo(existing, planned.wanted);
  if (!Object.keys(changes).length) return 'unchanged';
  await updateVehicle(actor, { id: existing.id, changes }, trx);
  return 'updated';
}

/** createVehicles' input for a row: the file says what the car is; the offline decoder fills a make and year left out. */
const newVehicle = ({ vin, companyId, wanted }: PlannedRow) => ({
  ...wanted,
  vin,
  companyId,
  // An import never asks the web service: ten thousand calls would take hours.
  decoded: { make: manufacturerFromVin(vin), model: null, year: modelYearFromVin(vin), vehicleInfo: {} },
});

/** One row (in its savepoint): createVehicle or updateVehicle. */
async function importRow(trx: Knex, actor: User, lookups: ImportLookups, row: MappedRow, report: RowReport): Promise<RowOutcome> {
  const planned = await plannedRow(lookups, row, report);
  const existing = (await existingByVin(trx, [planned.vin])).get(planned.vin);
  const outcome = existing ? await updateRow(trx, actor, planned, existing) : 'created';
  if (!existing) await createVehicles(actor, [newVehicle(planned)], trx);
  if (outcome !== 'unchanged' && planned.container) await warnOverCapacity(trx, [{ container: planned.container, number: row.values.container!, report }]);
  return outcome;
}

/**
 * A chunk of rows (in one savepoint): the VINs looked up at once, the new vehicles made by one
 * createVehicles, the others changed one by one by updateVehicle. Any row's problem throws (the
 * runner then takes the rows one by one).
 */
async function importChunk(trx: Knex, actor: User, lookups: ImportLookups, rows: MappedRow[], reports: RowReport[], yieldToOthers: () => Promise<void>): Promise<RowOutcome[]> {
  const planned: PlannedRow[] = [];
  for (const [i, row] of rows.entries()) {
    planned.push(await plannedRow(lookups, row, reports[i]));
    await yieldToOthers();
  }
  const existing = await existingByVin(trx, planned.map((p) => p.vin));
  const outcomes: RowOutcome[] = [];
  for (const p of planned) {
    const vehicle = existing.get(p.vin);
    outcomes.push(vehicle ? await updateRow(trx, actor, p, vehicle) : 'created');
    await yieldToOthers();
  }
  await createVehicles(actor, planned.filter((_, i) => outcomes[i] === 'created').map(newVehicle), trx, { betweenSteps: yieldToOthers });
  const filled = planned.flatMap((p, i) => (p.container && outcomes[i] !== 'unchanged' ? [{ container: p.container, number: rows[i].values.container!, report: reports[i] }] : []));
  await warnOverCapacity(trx, filled);
  return outcomes;
}

/**
 * A container holding more cars than its size takes is a warning, as on the container's page:
 * on each row that put a car into it once it was full (one count per container, after the rows).
 */
async function warnOverCapacity(trx: Knex, filled: { container: { id: number; containerSize: string | null }; number: string; report: RowReport }[]) {
  const byContainer = new Map<number, typeof filled>();
  for (const entry of filled) byContainer.set(entry.container.id, [...(byContainer.get(entry.container.id) ?? []), entry]);
  for (const [id, entries] of byContainer) {
    const { containerSize } = entries[0].container;
    const capacity = containerCapacity(containerSize);
    if (capacity === null) continue;
    const [{ n }] = (await Vehicle.query(trx).where({ containerId: id }).count({ n: '*' })) as unknown as { n: number | string }[];
    // The k-th of these rows left the container holding all but the rows after it.
    entries.forEach((entry, k) => {
      if (Number(n) - (entries.length - 1 - k) > capacity) entry.report.warn('container', 'container.overCapacity', { value: entry.number, size: containerSize ?? '' });
    });
  }
}

const explain = (error: DomainError) => explainRefusal(error, FIELD_COLUMNS, { column: 'vin', takenCode: 'vin.taken' });

export async function vehicleImport(actor: User, sheet: Sheet, companyIdParam: number | undefined, language: SheetLanguage): Promise<ImportPlan<MappedRow>> {
  const { rows, warnings, headingOf } = await mapSheet(sheet, VEHICLE_COLUMNS, 'vin', language);
  return {
    rows,
    lineOf: (row) => row.line,
    headingOf,
    early: { errors: await repeatedInFile(rows, 'vin', normalizeVin, 'vin.duplicateInFile'), warnings },
    explain,
    prepare: () => {
      const lookups = new ImportLookups(actor, companyIdParam);
      return {
        row: (savepoint, row, report) => {
          lookups.trx = savepoint;
          return importRow(savepoint, actor, lookups, row, report);
        },
        chunk: (savepoint, rows, reports, yieldToOthers) => {
          lookups.trx = savepoint;
          return importChunk(savepoint, actor, lookups, rows, reports, yieldToOthers);
        },
      };
    },
  };
}
