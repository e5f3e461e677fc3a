import type { Knex } from 'knex';
import { selectRows } from '../../db';
import { isVinCheckDigitValid } from '../../domain/vin';
import { notFound } from '../../http/errors';
import type { Viewer } from '../baseModel';
import { scopeBindings, sqlScopeOf } from '../sqlScope';

/**
 * A vehicle's detail (GET /api/vehicles/{id}, and the answer of its writes) read by three
 * constant SQL texts, kept prepared by the database layer, and shaped here, key for key what the
 * models (Vehicle's rowColumns, VehicleFile, VehicleStatusEvent) answered through objection:
 * building those queries (five joins by relation) and a model per row cost more than running them.
 */
const ROW = `select v.id, v.vin, v.make, v.model, v.year, v.status, v.containerId, v.fromPortId, v.toPortId,
 v.shipperId, v.buyerId, v.companyId, v.vehicleInfo, v.createdAt, v.updatedAt, v.documentsDueAt,
 c.number as containerNumber, co.name as companyName, b.username as buyerName,
 v.notes, v.accidentAnalysis, v.accidentAnalysisAr, v.accidentAnalysisImageCount, v.lastAnalysisDate,
 c.containerSize, c.loadingDate, c.arrivalDate, c.shippingLine,
 rf.name as routeFromName, rf.nameAr as routeFromNameAr, rf.country as routeFromCountry,
 rt.name as routeToName, rt.nameAr as routeToNameAr, rt.country as routeToCountry
from vehicles v
left join containers c on c.id = v.containerId
left join ports rf on rf.id = c.fromPortId
left join ports rt on rt.id = c.toPortId
left join companies co on co.id = v.companyId
left join users b on b.id = v.buyerId
where v.id = ?`;

/** The row's text for each scope (Vehicle's scopedTo): every company's, one company's, a buyer's purchases. */
const ROW_IN_SCOPE = { all: ROW, company: `${ROW} and v.companyId = ?`, buyer: `${ROW} and v.buyerId = ?` };

const FILES = `select id, fileType, fileName, mimeType, fileSize, width, height, documentKind, verifiedAt, createdAt
from vehicle_files where vehicleId = ? order by id`;

/** Oldest first, with each change's author and the container that caused it (its number while it exists), as statusHistory reads it. */
const HISTORY = `select e.id, e.fromStatus, e.toStatus, e.userId, u.username, e.containerId, c.number as containerNumber, e.createdAt
from vehicle_status_events e
left join users u on u.id = e.userId
left join containers c on c.id = e.containerId
where e.vehicleId = ?
order by e.createdAt asc, e.id asc`;

type Row = Record<string, unknown> & { vin: string; containerId: number | null; documentsDueAt: string | null };
type FileRow = Record<string, unknown> & { id: number; fileType: string; fileSize: unknown };

/** As objection parses a JSON attribute: text that is not JSON stays as it is. */
function parsedJson(value: unknown) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A count or size as the models' numberColumns give it: a number (MySQL may answer text), null kept. */
const numberOrNull = (value: unknown) => (value === null || value === undefined ? value : Number(value));

const port = (name: unknown, nameAr: unknown, country: unknown) => (name ? { name, nameAr, country } : null);

/**
 * The detail of vehicle `id` for `viewer`: the row (its container, company and buyer joined, the
 * container's route), its files' metadata and its status history, read at once (on MySQL each is
 * a round trip); 404 when the viewer may not see it. The file counts and thumbnail come from the
 * files read here.
 */
export async function vehicleDetail(db: Knex, viewer: Viewer, id: number) {
  const scope = sqlScopeOf(viewer);
  const rowRead = scope ? selectRows<Row>(db, ROW_IN_SCOPE[scope.kind], [id, ...scopeBindings(scope)], { prepared: true }) : Promise.resolve([] as Row[]);
  const [[row], fileRows, history] = await Promise.all([rowRead, selectRows<FileRow>(db, FILES, [id]), selectRows<Record<string, unknown>>(db, HISTORY, [id])]);
  if (!row) throw notFound('Vehicle not found');
  const files = fileRows.map((file) => ({ ...file, fileSize: numberOrNull(file.fileSize) }));
  const images = files.filter((file) => file.fileType === 'IMAGE');
  const container = row.containerId
    ? {
        id: row.containerId,
        number: row.containerNumber,
        containerSize: row.containerSize,
        loadingDate: row.loadingDate,
        arrivalDate: row.arrivalDate,
        shippingLine: row.shippingLine,
        fromPort: port(row.routeFromName, row.routeFromNameAr, row.routeFromCountry),
        toPort: port(row.routeToName, row.routeToNameAr, row.routeToCountry),
      }
    : null;
  return {
    id: row.id,
    vin: row.vin,
    make: row.make,
    model: row.model,
    year: row.year,
    status: row.status,
    containerId: row.containerId,
    fromPortId: row.fromPortId,
    toPortId: row.toPortId,
    shipperId: row.shipperId,
    buyerId: row.buyerId,
    companyId: row.companyId,
    vehicleInfo: parsedJson(row.vehicleInfo),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    documentsDueAt: row.documentsDueAt,
    containerNumber: row.containerNumber,
    companyName: row.companyName,
    buyerName: row.buyerName,
    notes: row.notes,
    accidentAnalysis: row.accidentAnalysis,
    accidentAnalysisAr: row.accidentAnalysisAr,
    accidentAnalysisImageCount: numberOrNull(row.accidentAnalysisImageCount),
    lastAnalysisDate: row.lastAnalysisDate,
    vinCheckDigitValid: isVinCheckDigitValid(row.vin),
    // A document the checklist asks for is past its due date and still missing (Vehicle's $formatJson).
    documentsOverdue: row.documentsDueAt !== null && row.documentsDueAt < new Date().toISOString(),
    imageCount: images.length,
    documentCount: files.length - images.length,
    thumbnailFileId: images[0]?.id ?? null,
    files,
    statusHistory: history,
    container,
  };
}
