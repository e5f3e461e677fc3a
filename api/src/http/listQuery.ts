import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { badRequest } from './errors';
import { readList, type ListOptions } from './listPlan';

/** A model's query (objection), whatever its model. */
export type ModelQuery = QueryBuilder<any, any>;

/**
 * The list protocol of ra-data-simple-rest (DESIGN.md §3), in one place for every list:
 *   ?sort=["field","ASC"]&range=[0,24]&filter={"q":"…","id":[1,2],"createdAt_gte":"…"}
 * Only fields a resource whitelists may be sorted or filtered; anything else is a 400, before any
 * query runs. This module reads a request and writes the answer; how the page is read and counted
 * is listPlan.ts's.
 */
/** 'passed': a date column, filtered by `true` (it has passed: on or before now) or `false` (no date, or later). */
export type FilterKind = 'number' | 'text' | 'boolean' | 'date' | 'passed';

export type ListSpec = {
  /** The name in Content-Range ("companies 0-24/319"). */
  resource: string;
  /** Sortable field -> column (qualified when the query joins). */
  sort: Record<string, string>;
  /**
   * Filterable field -> column and kind; numbers and dates also accept _gte and _lte, and every
   * field _ne: any other value, no value (NULL) included.
   */
  filters: Record<string, { column: string; kind: FilterKind }>;
  /** Columns searched by filter.q (case-insensitive substring). */
  search?: string[];
  /** The same search from an index, where the resource has one (see IndexedSearch). */
  indexedSearch?: IndexedSearch;
  /**
   * The same index for a list scoped to one company (its staff's): used there only where it reads
   * fewer rows than the LIKE over the company's rows would (listPlan.ts planScopedSearch).
   */
  scopedIndexedSearch?: IndexedSearch;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** The column that breaks ties so paging is stable. */
  idColumn: string;
  /**
   * How a sort's ties are broken where not by the id alone: the columns that follow the sorted one
   * in the order, as the index the sort reads has them (each never NULL, so a page read from the
   * list's end is the exact mirror). [] for a column that is unique and never NULL (a VIN): MariaDB
   * reads `ORDER BY vin, id` by sorting every row (its unique index on vin is not seen to hold the
   * ids' order), `ORDER BY vin` from the index.
   */
  tieBreakers?: Record<string, string[]>;
};

/** What asking a search index costs in a company's list (IndexedSearch.scopedCosts). */
export type ScopedIndexCosts = { minRows: number; matchCostInRows: number };

/**
 * A free-text search answered by an index, for a list over every row of its table (the super
 * admin's): with no scope and no other filter, the rows the index matches are the list's rows.
 */
export type IndexedSearch = {
  /** Whether the index answers text (long enough); otherwise the columns are searched. */
  answers: (text: string) => boolean;
  /**
   * Whether, on this engine, the index's matches are those of the one company the list is scoped
   * to (an index keyed by company): its count is then the company's search's count.
   */
  matchesOneCompany?: (knex: Knex) => boolean;
  /**
   * What asking the index costs on this engine, in a company's list where its matches are every
   * company's (listPlan.ts planScopedSearch): from how many rows in view it is worth asking, and
   * how many of the LIKE's rows one of its matches costs. Without them, SQLite's figures.
   */
  scopedCosts?: (knex: Knex) => ScopedIndexCosts | undefined;
  /** How many rows the index matches, counted in the index alone, up to `limit`. */
  count: (knex: Knex, text: string, limit: number) => Promise<number>;
  /**
   * Adds the search to the query. `alongSortIndex`: the text matches so many rows that reading
   * the sort's index and keeping the rows that match finds the page sooner than sorting every
   * match (a make matches a tenth of all vehicles), so the index must not drive the query.
   */
  apply: (query: ModelQuery, text: string, alongSortIndex: boolean) => void;
  /** The same as a test of the list's id in SQL with its values, for the constant texts (listIds.ts). */
  condition?: (knex: Knex, text: string, alongSortIndex: boolean) => { sql: string; values: string[]; leads: boolean };
};

export const MAX_ROWS = 1000;

/**
 * A search (filter.q) counts its matches up to this many: beyond it the total answered is the
 * bound, and the answer says so (X-Total-Capped: true; the console shows "10,000+"). A common make
 * across every company then costs a page, not a count of a tenth of the table. Content-Range stays
 * a number, as ra-data-simple-rest reads it.
 */
export const SEARCH_COUNT_BOUND = 10_000;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

function parseJsonParam(ctx: Context, name: string): unknown {
  const raw = ctx.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`Invalid ${name}: give it once`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Invalid ${name}: not valid JSON`);
  }
}

function parseSort(value: unknown, spec: ListSpec): [string, 'ASC' | 'DESC'] {
  if (value === undefined) return [spec.sort[spec.defaultSort[0]], spec.defaultSort[1]];
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') {
    throw badRequest('Invalid sort: use ["field","ASC"] or ["field","DESC"]');
  }
  const [field, rawOrder] = value;
  // Own properties only: "constructor" or "toString" must be refused, not found on the prototype.
  const column = Object.hasOwn(spec.sort, field) ? spec.sort[field] : undefined;
  if (!column) throw badRequest(`Invalid sort: "${field}" cannot be sorted on. Use one of: ${Object.keys(spec.sort).join(', ')}`);
  // Only a string: String() of an object runs its own toString (a 500 when that is not a function).
  const order = typeof rawOrder === 'string' ? rawOrder.toUpperCase() : '';
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('Invalid sort: the order must be ASC or DESC');
  return [column, order];
}

function parseRange(value: unknown): { offset: number; limit: number } {
  if (value === undefined) return { offset: 0, limit: MAX_ROWS };
  const ok =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    value[1] >= value[0];
  if (!ok) throw badRequest('Invalid range: use [start, end] with 0 <= start <= end');
  const [start, end] = value as [number, number];
  return { offset: start, limit: Math.min(end - start + 1, MAX_ROWS) };
}

function coerce(field: string, kind: FilterKind, value: unknown): string | number | boolean | null {
  if (value === null) return null;
  switch (kind) {
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(`Invalid filter: ${field} must be a number`);
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1) return true;
      if (value === false || value === 'false' || value === 0) return false;
      throw badRequest(`Invalid filter: ${field} must be true or false`);
    case 'date':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw badRequest(`Invalid filter: ${field} must be a date`);
      return value;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`Invalid filter: ${field} must be text`);
      return String(value);
  }
}

/** The filter's fields that narrowed the list, as given (after their checks). */
export type AppliedFilter = Record<string, unknown>;

/** One narrowing of the rows, in the order the filter gave it. */
export type Condition =
  | { kind: 'search'; text: string }
  | { kind: 'compare'; column: string; op: '=' | '>=' | '<='; value: string | number | boolean }
  | { kind: 'in'; column: string; values: (string | number)[] }
  | { kind: 'null'; column: string }
  | { kind: 'notEqual'; column: string; value: string | number | boolean | null }
  | { kind: 'after'; column: string; value: string }
  /**
   * A search through the index, as a test of the list's id written in SQL (IndexedSearch.condition):
   * made by the planner, never parsed from a request. `leads`: the index's matches are few and
   * lead the query, each looked up by id, so the scope's column must not be read by its index.
   */
  | { kind: 'indexed'; sql: string; values: string[]; leads: boolean };

/** A list request, checked: everything the planner needs, nothing left to refuse. */
export type ListRequest = {
  /** The sorted column and its order. */
  sort: [string, 'ASC' | 'DESC'];
  range: { offset: number; limit: number };
  /** The rows asked for: the range, or every row of a getMany. */
  page: { offset: number; limit: number };
  conditions: Condition[];
  /** react-admin's getMany (an id array): exactly those rows, no paging. */
  isGetMany: boolean;
  applied: AppliedFilter;
  /** The search text when the filter is a search and nothing else: {"q":"…"}. */
  searchAlone?: string;
};

function parseFilter(value: unknown, spec: ListSpec): Pick<ListRequest, 'conditions' | 'isGetMany' | 'applied' | 'searchAlone'> {
  if (value === undefined) return { conditions: [], isGetMany: false, applied: {} };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('Invalid filter: use a JSON object such as {"q":"text"}');
  }
  let isGetMany = false;
  const applied: AppliedFilter = {};
  const conditions: Condition[] = [];
  for (const [key, raw] of Object.entries(value)) {
    // No field name holds one, and a line break would end the pattern that splits off _gte/_lte.
    if (CONTROL_CHARACTER.test(key)) throw badRequest('Invalid filter: a field name holds a control character');
    if (raw === undefined || raw === '') continue;
    applied[key] = raw;
    if (key === 'q') {
      if (!spec.search?.length) throw badRequest('Invalid filter: this list has no free-text search');
      if (typeof raw !== 'string') throw badRequest('Invalid filter: q must be text');
      conditions.push({ kind: 'search', text: raw.trim() });
      continue;
    }
    const match = /^(.*?)(_gte|_lte|_ne)?$/.exec(key)!;
    const [, field, op] = match;
    const def = Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;
    if (!def) throw badRequest(`Invalid filter: "${key}" cannot be filtered on. Use one of: q, ${Object.keys(spec.filters).join(', ')}`);
    if (def.kind === 'passed') {
      if (op || Array.isArray(raw)) throw badRequest(`Invalid filter: ${key} takes true or false`);
      const now = new Date().toISOString();
      conditions.push(coerce(key, 'boolean', raw) ? { kind: 'compare', column: def.column, op: '<=', value: now } : { kind: 'after', column: def.column, value: now });
    } else if (op === '_ne') {
      if (Array.isArray(raw)) throw badRequest(`Invalid filter: ${key} takes one value`);
      conditions.push({ kind: 'notEqual', column: def.column, value: coerce(key, def.kind, raw) });
    } else if (op) {
      if (def.kind !== 'number' && def.kind !== 'date') throw badRequest(`Invalid filter: ${key} is not a range field`);
      let bound = coerce(key, def.kind, raw) as string | number;
      // Dates are ISO text: "up to 2031-02-15" must take every time on that day too.
      if (def.kind === 'date' && op === '_lte' && /^\d{4}-\d{2}-\d{2}$/.test(String(bound))) bound = `${bound}T23:59:59.999Z`;
      conditions.push({ kind: 'compare', column: def.column, op: op === '_gte' ? '>=' : '<=', value: bound });
    } else if (Array.isArray(raw)) {
      if (raw.length > MAX_ROWS) throw badRequest(`Invalid filter: at most ${MAX_ROWS} values in ${key}`);
      conditions.push({ kind: 'in', column: def.column, values: raw.map((v) => coerce(key, def.kind, v)) as (string | number)[] });
      if (field === 'id') isGetMany = true;
    } else {
      const v = coerce(key, def.kind, raw);
      conditions.push(v === null ? { kind: 'null', column: def.column } : { kind: 'compare', column: def.column, op: '=', value: v });
    }
  }
  const only = conditions.length === 1 && Object.keys(applied).length === 1 ? conditions[0] : undefined;
  return { conditions, isGetMany, applied, searchAlone: only?.kind === 'search' ? only.text : undefined };
}

/** Reads and checks a list request's sort, range and filter (400 on anything the spec does not allow). */
export function parseListRequest(ctx: Context, spec: ListSpec): ListRequest {
  const sort = parseSort(parseJsonParam(ctx, 'sort'), spec);
  const range = parseRange(parseJsonParam(ctx, 'range'));
  const filter = parseFilter(parseJsonParam(ctx, 'filter'), spec);
  return { sort, range, page: filter.isGetMany ? { offset: 0, limit: MAX_ROWS } : range, ...filter };
}

/**
 * The answer: the rows (the models, formatted by their $formatJson) and Content-Range "resource
 * start-end/total"; a total that is the search's bound rather than a count is marked X-Total-Capped.
 */
function answerList(ctx: Context, resource: string, offset: number, rows: unknown[], total: number, capped: boolean) {
  const last = rows.length ? offset + rows.length - 1 : offset;
  ctx.set('Content-Range', `${resource} ${offset}-${last}/${total}`);
  if (capped) ctx.set('X-Total-Capped', 'true');
  ctx.set('Access-Control-Expose-Headers', capped ? 'Content-Range, X-Total-Capped' : 'Content-Range');
  ctx.body = rows;
}

/**
 * Runs a model's query as a list, the one way every list is built: the request is read, the page
 * read and counted (listPlan.ts), and answered. `base` must already carry the caller's scope (the
 * model's `scopedTo` modifier); given as a function, it is built only when a query needs it.
 */
export async function respondWithList(ctx: Context, spec: ListSpec, base: ModelQuery | (() => ModelQuery), options: ListOptions = {}): Promise<void> {
  const request = parseListRequest(ctx, spec);
  const { offset, rows, total, capped } = await readList(spec, base, request, options);
  answerList(ctx, spec.resource, offset, rows, total, capped);
}
