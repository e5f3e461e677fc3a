import type { Knex } from 'knex';
import type { DomainError } from '../../domain/errors';
import { containerCapacity } from '../../domain/containerNumber';
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
import { createVehicle, updateVehicle } from './operations';
import { VehicleUpdateSchema } from './schema';

/**
 * A vehicle sheet as an import (imports/runImport.ts): each row, matched by VIN within the
 * company, becomes createVehicle or updateVehicle (a status among the changes goes through
 * setVehicleStatus there, a container through assignVehicles): the rules of the single-record
 * API hold for every row. A cell left empty leaves the vehicle's value as it is.
 */
const INFO_KEYS = new Set(VEHICLE_INFO_COLUMNS.map((c) => c.key));
/** The operations' field names, as the sheet's columns. */
const FIELD_COLUMNS: Record<string, string> = { containerId: 'container', buyerId: 'buyer', fromPortId: 'fromPort', toPortId: 'toPort', companyId: 'company' };

/** The row's plain fields, checked by the API's own schema; a problem names its column. */
function rowFields(values: Record<string, string>) {
  const vehicleInfo: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (INFO_KEYS.has(key)) vehicleInfo[key] = value;
  const raw: Record<string, unknown> = { make: values.make, model: values.model, year: values.year, notes: values.notes };
  if (Object.keys(vehicleInfo).length) raw.vehicleInfo = vehicleInfo;
  const parsed = VehicleUpdateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path.at(-1) ?? issue.path[0]);
    if (field === 'year') throw new RowProblem('year', 'year.invalid', { detail: issue.message });
    throw new RowProblem(field, 'text.invalid', { detail: issue.message });
  }
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

async function importRow(trx: Knex, actor: User, lookups: ImportLookups, row: MappedRow, report: RowReport): Promise<RowOutcome> {
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

  const existing = await Vehicle.query(trx)
    .findOne({ vin })
    .select('id', 'companyId', 'make', 'model', 'year', 'notes', 'vehicleInfo', 'status', 'containerId', 'fromPortId', 'toPortId', 'buyerId');
  let outcome: RowOutcome;
  if (!existing) {
    // The file says what the car is; the offline decoder fills a make and year left out (an
    // import never asks the web service: ten thousand calls would take hours).
    const decoded = { make: manufacturerFromVin(vin), model: null, year: modelYearFromVin(vin), vehicleInfo: {} };
    await createVehicle(actor, { ...wanted, vin, companyId, decoded }, trx);
    outcome = 'created';
  } else {
    if (existing.companyId !== companyId) throw new RowProblem('vin', 'vin.taken');
    const changes = changesTo(existing, wanted);
    if (!Object.keys(changes).length) return 'unchanged';
    await updateVehicle(actor, { id: existing.id, changes }, trx);
    outcome = 'updated';
  }
  if (container) await warnOverCapacity(trx, container, values.container!, report);
  return outcome;
}

/** A container holding more cars than its size takes is a warning, as on the container's page. */
async function warnOverCapacity(trx: Knex, container: { id: number; containerSize: string | null }, number: string, report: RowReport) {
  const capacity = containerCapacity(container.containerSize);
  if (capacity === null) return;
  const [{ n }] = (await Vehicle.query(trx).where({ containerId: container.id }).count({ n: '*' })) as unknown as { n: number | string }[];
  if (Number(n) > capacity) report.warn('container', 'container.overCapacity', { value: number, size: container.containerSize ?? '' });
}

const explain = (error: DomainError) => explainRefusal(error, FIELD_COLUMNS, { column: 'vin', takenCode: 'vin.taken' });

export function vehicleImport(actor: User, sheet: Sheet, companyIdParam: number | undefined, language: SheetLanguage): ImportPlan<MappedRow> {
  const { rows, warnings, headingOf } = mapSheet(sheet, VEHICLE_COLUMNS, 'vin', language);
  return {
    rows,
    lineOf: (row) => row.line,
    headingOf,
    early: { errors: repeatedInFile(rows, 'vin', normalizeVin, 'vin.duplicateInFile'), warnings },
    explain,
    prepare: () => {
      const lookups = new ImportLookups(actor, companyIdParam);
      return (savepoint, row, report) => {
        lookups.trx = savepoint;
        return importRow(savepoint, actor, lookups, row, report);
      };
    },
  };
}
