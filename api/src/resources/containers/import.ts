import type { Knex } from 'knex';
import type { DomainError } from '../../domain/errors';
import { containerCapacity, isContainerCheckDigitValid, normalizeContainerNumber } from '../../domain/containerNumber';
import { canChooseCompany } from '../../domain/permissions';
import { CONTAINER_SHIPPER_ROLES } from '../../domain/roles';
import { CONTAINER_COLUMNS } from '../../domain/sheetColumns';
import type { Sheet } from '../../services/spreadsheets/readSheet';
import type { SheetLanguage } from '../../domain/sheetColumns';
import { ImportLookups } from '../imports/lookups';
import { explainRefusal, RowProblem, type ImportPlan, type RowOutcome, type RowReport } from '../imports/runImport';
import { mapSheet, repeatedInFile, type MappedRow } from '../imports/sheetRows';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { Container } from './model';
import { createContainer, updateContainer } from './operations';
import { ContainerUpdateSchema } from './schema';

/**
 * A container sheet as an import (imports/runImport.ts): each row, matched by its number within
 * the company, becomes createContainer or updateContainer. A cell left empty leaves the
 * container's value as it is.
 */
const TEXT_FIELDS = ['number', 'bookingNumber', 'containerSize', 'loadingDate', 'arrivalDate', 'sealNumber', 'shippingLine'] as const;
const FIELD_COLUMNS: Record<string, string> = { shipperId: 'shipper', fromPortId: 'fromPort', toPortId: 'toPort', companyId: 'company' };

function rowFields(values: Record<string, string>) {
  const raw: Record<string, string> = {};
  for (const key of TEXT_FIELDS) if (values[key] !== undefined) raw[key] = values[key];
  const parsed = ContainerUpdateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0]);
    if (field === 'number') throw new RowProblem('number', 'number.invalid', { detail: issue.message });
    if (field === 'loadingDate' || field === 'arrivalDate') throw new RowProblem(field, 'date.invalid');
    throw new RowProblem(field, 'text.invalid', { detail: issue.message });
  }
  return parsed.data;
}

async function importRow(trx: Knex, actor: User, lookups: ImportLookups, row: MappedRow, report: RowReport): Promise<RowOutcome> {
  const { values } = row;
  if (!values.number) throw new RowProblem('number', 'required');
  const fields = rowFields(values);
  const number = fields.number!;
  const companyId = await lookups.companyOf(values.company);
  const wanted = {
    ...fields,
    fromPortId: await lookups.portId('fromPort', values.fromPort),
    toPortId: await lookups.portId('toPort', values.toPort),
    shipperId: await lookups.userId('shipper', companyId, values.shipper, CONTAINER_SHIPPER_ROLES, 'shipper.notFound'),
  };
  if (!isContainerCheckDigitValid(number)) report.warn('number', 'number.checkDigit');
  const existing = await Container.query(trx).findOne({ number }).select('id', ...TEXT_FIELDS, 'companyId', 'shipperId', 'fromPortId', 'toPortId');
  if (!existing) {
    if (canChooseCompany(actor.role) && !wanted.shipperId) throw new RowProblem('shipper', 'shipper.required');
    const empty = { bookingNumber: null, containerSize: null, loadingDate: null, arrivalDate: null, sealNumber: null, shippingLine: null };
    await createContainer(
      actor,
      { ...empty, ...fields, number, fromPortId: wanted.fromPortId ?? null, toPortId: wanted.toPortId ?? null, shipperId: wanted.shipperId, companyId: canChooseCompany(actor.role) ? companyId : undefined },
      trx,
    );
    return 'created';
  }
  if (existing.companyId !== companyId) throw new RowProblem('number', 'number.taken');
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value !== undefined && (existing as unknown as Record<string, unknown>)[key] !== value) changes[key] = value;
  }
  if (!Object.keys(changes).length) return 'unchanged';
  await updateContainer(actor, { id: existing.id, changes }, trx);
  if (changes.containerSize !== undefined) {
    const capacity = containerCapacity(String(changes.containerSize));
    const [{ n }] = (await Vehicle.query(trx).where({ containerId: existing.id }).count({ n: '*' })) as unknown as { n: number | string }[];
    if (capacity !== null && Number(n) > capacity) report.warn('containerSize', 'container.overCapacity', { value: number, size: String(changes.containerSize) });
  }
  return 'updated';
}

const explain = (error: DomainError) => explainRefusal(error, FIELD_COLUMNS, { column: 'number', takenCode: 'number.taken' });

export async function containerImport(actor: User, sheet: Sheet, companyIdParam: number | undefined, language: SheetLanguage): Promise<ImportPlan<MappedRow>> {
  const { rows, warnings, headingOf } = await mapSheet(sheet, CONTAINER_COLUMNS, 'number', language);
  return {
    rows,
    lineOf: (row) => row.line,
    headingOf,
    early: { errors: await repeatedInFile(rows, 'number', normalizeContainerNumber, 'number.duplicateInFile'), warnings },
    explain,
    prepare: () => {
      const lookups = new ImportLookups(actor, companyIdParam);
      return {
        row: (savepoint, row, report) => {
          lookups.trx = savepoint;
          return importRow(savepoint, actor, lookups, row, report);
        },
      };
    },
  };
}
