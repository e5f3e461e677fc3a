import type { Knex } from 'knex';
import { isMysql, selectArraysViaJson, type Engine } from '../../db';
import { isVinCheckDigitValid } from '../../domain/vin';
import type { Viewer } from '../baseModel';
import { PAGE_IDS, rowsByIdsText } from '../rowsByIdsText';
import { scopeBindings, sqlScopeOf } from '../sqlScope';

/*
 * The vehicle list's rows for a page's ids, read by one constant SQL text per page size (the SQLite
 * layer keeps it prepared) and shaped here into the answer, field for field what the model's
 * rowColumns and its file counts gave through objection (the list's answers are compared byte for byte
 * in api/test/listAnswersFixture.test.ts). Building that query with objection and hydrating a model
 * per row only to serialise it again cost more than the query itself.
 * The scope is kept as a second guard (rowsByIdsText).
 */
/**
 * The rows' file figures. SQLite answers a subquery per row and figure from the files' index in
 * well under a microsecond, and a grouped read of the page's files costs it more (a page 10-20%
 * more CPU); MariaDB spends several microseconds of its CPU on each run of a dependent subquery
 * (75 a page), so there the page's files are read once, grouped by vehicle: the statement costs it
 * a quarter less (1.45-1.55 against 1.03-1.18 ms with four files a car, 27 Nov 2026). The same for
 * the containers' vehicle counts (one subquery a row) cost MariaDB more, and stays a subquery.
 */
const FILE_FIGURES = {
  sqlite: {
    columns: `(select count(*) from vehicle_files f where f.vehicleId = v.id and f.fileType = 'IMAGE') as imageCount,
 (select count(*) from vehicle_files f where f.vehicleId = v.id and f.fileType = 'DOCUMENT') as documentCount,
 (select min(f.id) from vehicle_files f where f.vehicleId = v.id and f.fileType = 'IMAGE') as thumbnailFileId`,
    join: '',
  },
  mysql: {
    columns: 'coalesce(files.imageCount, 0) as imageCount, coalesce(files.documentCount, 0) as documentCount, files.thumbnailFileId',
    join: `
left join (
 select f.vehicleId,
  count(case when f.fileType = 'IMAGE' then 1 end) as imageCount,
  count(case when f.fileType = 'DOCUMENT' then 1 end) as documentCount,
  min(case when f.fileType = 'IMAGE' then f.id end) as thumbnailFileId
 from vehicle_files f where f.vehicleId in (${PAGE_IDS}) group by f.vehicleId
) files on files.vehicleId = v.id`,
  },
};

// Read in this order by shape(), below.
const columns = (engine: Engine) => `v.id, v.vin, v.make, v.model, v.year, v.status, v.containerId, v.fromPortId, v.toPortId,
 v.shipperId, v.buyerId, v.companyId, v.vehicleInfo, v.createdAt, v.updatedAt, v.documentsDueAt,
 c.number as containerNumber, co.name as companyName, b.username as buyerName,
 ${FILE_FIGURES[engine].columns}
from vehicles v${FILE_FIGURES[engine].join}
left join containers c on c.id = v.containerId
left join companies co on co.id = v.companyId
left join users b on b.id = v.buyerId`;

/** The columns' names, in order: on SQLite the rows are read as SQLite's JSON (db/jsonRows.ts). */
const NAMES = ['id', 'vin', 'make', 'model', 'year', 'status', 'containerId', 'fromPortId', 'toPortId', 'shipperId', 'buyerId', 'companyId', 'vehicleInfo', 'createdAt', 'updatedAt', 'documentsDueAt', 'containerNumber', 'companyName', 'buyerName', 'imageCount', 'documentCount', 'thumbnailFileId'];

/** The SQL text for n ids and a scope (at most MAX_ROWS sizes × 3 scopes), and its values, on each engine. */
const SCOPE_COLUMNS = { company: 'companyId', buyer: 'buyerId' };
const ROWS_TEXT = { sqlite: rowsByIdsText(columns('sqlite'), 'v', SCOPE_COLUMNS), mysql: rowsByIdsText(columns('mysql'), 'v', SCOPE_COLUMNS) };

const count = (value: unknown) => (value === null ? null : Number(value));

/** As objection parses a JSON attribute: text that is not JSON stays as it is. */
function parsedJson(value: unknown) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The row as the list answers it, keys in the order the model's JSON had them, from the values in
 * COLUMNS' order (read as an array: see selectArrays). `documentsDueAt` is a column of the row
 * itself (kept by every write that changes it), so the list's overdue mark costs no query of its
 * own; `documentsOverdue` reads it as the model's $formatJson does.
 */
function shape(row: unknown[], now: string) {
  const [id, vin, make, model, year, status, containerId, fromPortId, toPortId, shipperId, buyerId, companyId, vehicleInfo, createdAt, updatedAt, documentsDueAt, containerNumber, companyName, buyerName, imageCount, documentCount, thumbnailFileId] =
    row;
  return {
    id,
    vin,
    make,
    model,
    year,
    status,
    containerId,
    fromPortId,
    toPortId,
    shipperId,
    buyerId,
    companyId,
    vehicleInfo: parsedJson(vehicleInfo),
    createdAt,
    updatedAt,
    containerNumber,
    companyName,
    buyerName,
    imageCount: count(imageCount),
    documentCount: count(documentCount),
    thumbnailFileId,
    vinCheckDigitValid: isVinCheckDigitValid(vin as string),
    documentsDueAt,
    documentsOverdue: typeof documentsDueAt === 'string' && documentsDueAt < now,
  };
}

/** The rows of `ids` (already read through the viewer's scope), in the ids' order. */
export async function vehicleListRows(db: Knex, viewer: Viewer, ids: readonly number[]): Promise<ReturnType<typeof shape>[]> {
  const scope = sqlScopeOf(viewer);
  if (!ids.length || !scope) return [];
  const rowsText = ROWS_TEXT[isMysql(db) ? 'mysql' : 'sqlite'];
  const rows = await selectArraysViaJson(db, rowsText.text(ids.length, scope.kind), NAMES, rowsText.bindings(ids, scopeBindings(scope)));
  const byId = new Map(rows.map((row) => [Number(row[0]), row]));
  const now = new Date().toISOString();
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [shape(row, now)] : [];
  });
}
