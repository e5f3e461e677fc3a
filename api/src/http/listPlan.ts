import type { Knex } from 'knex';
import { SEARCH_COUNT_BOUND, type AppliedFilter, type Condition, type IndexedSearch, type ListRequest, type ListSpec, type ModelQuery, type ScopedIndexCosts } from './listQuery';

/**
 * How a list's page is read and counted, once the request is checked (listQuery.ts): which count
 * answers the total (the search index, the kept counts, or counting the rows), whether the page's
 * ids are read from the list's start or its end, and which joins a count or the ids may leave out.
 * Every choice here changes how fast the answer comes, never what it is.
 */

export type ListOptions = {
  /**
   * Reads the page's rows for its ids (already read through the scope and the filters), in the
   * ids' order, where the resource has a cheaper way than the base query (vehicles/listRows.ts).
   */
  rowsOf?: (ids: number[]) => Promise<unknown[]>;
  /**
   * Reads the ids of a page of the list by a constant SQL text, where the resource has one for
   * the request's conditions (resources/listIds.ts), else undefined: the same rows, in the same
   * order (`orderColumns`, each in `direction`), as the query from the base would read, without
   * building that query (objection's joins, the clones, the check of which joins may go).
   */
  idsByConstantText?: (conditions: readonly Condition[], orderColumns: string[], direction: 'asc' | 'desc', offset: number, limit: number) => Promise<number[]> | undefined;
  /**
   * Counts the rows the conditions leave by a constant SQL text, up to `bound` when given (a
   * search's), where the resource has one for them (resources/listIds.ts), else undefined: the
   * count the filtered query from the base would give, without building it.
   */
  countByConstantText?: (conditions: readonly Condition[], bound: number | undefined) => Promise<number> | undefined;
  /** Adds to the page's rows what one more query reads for all of them at once (a container's invoice numbers). */
  completePage?: (rows: any[]) => Promise<unknown>;
  /**
   * The number of rows the filter leaves in `base` without counting them (the kept counts), where
   * the filter is one the figures answer; undefined, and the rows are counted.
   */
  keptTotal?: (filter: AppliedFilter) => (() => Promise<number>) | undefined;
  /** The database the constant texts read: found without building the base query. */
  knex?: Knex;
};

/**
 * LIKE wildcards in the user's text are literal. The escape character is '!', not a backslash:
 * MySQL reads the SQL literal '\' as an escaped quote (a syntax error), SQLite does not.
 */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** What a search by LIKE matches: the text anywhere in the column, its wildcards literal. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * How a search runs: through the index or the LIKE (`index`), its total when the index alone
 * gives it, and along which index.
 */
type SearchPlan = { index?: IndexedSearch; total?: number; alongSortIndex: boolean };
const NO_PLAN: SearchPlan = { alongSortIndex: false };

/**
 * SQLite's costs of asking an index whose matches are every company's, in a company's list: a
 * company smaller than 10,000 rows is searched by LIKE without asking (its rows cost less than the
 * question), and a match of the index costs about three company rows read by the LIKE (the match
 * is looked up in the table for its company; 50,000 cars: 0.9 µs a match, 0.27 µs a row). An
 * index may say its engine's own (IndexedSearch.scopedCosts).
 */
const SQLITE_SCOPED_COSTS: ScopedIndexCosts = { minRows: 10_000, matchCostInRows: 3 };

/**
 * A company's search (its staff's list, scoped): the LIKE reads every row of the company until the
 * count's bound, so in a large company a text it matches rarely (a VIN's tail) or a make read
 * 50,000 rows per request (14 ms of SQLite for the count alone, as much again for a page whose sort
 * finds its matches late). The index reads its matches in every company instead: where those are
 * fewer, by the cost of each, than the company's rows, the search and its count go through the
 * index. The index's matches are counted up to that point only, so asking costs a fraction of the
 * LIKE it may spare. An index that holds each row's company (SQLite's) reads the company's matches
 * alone: it is asked whatever the company's size, and a search alone is planned and counted by it
 * (planCompanySearch).
 */
async function planScopedSearch(index: IndexedSearch, text: string, request: ListRequest, sortsOnIndex: boolean, knex: () => Knex, options: ListOptions): Promise<SearchPlan> {
  const keyedByCompany = index.matchesOneCompany?.(knex()) ?? false;
  if (request.searchAlone !== undefined && keyedByCompany) return planCompanySearch(index, text, request, sortsOnIndex, knex, options);
  const inView = await options.keptTotal?.({})?.();
  // An index keyed by company is asked whatever the company's size: it reads the company's matches alone.
  const costs = index.scopedCosts?.(knex()) ?? SQLITE_SCOPED_COSTS;
  if (inView === undefined || (inView < costs.minRows && !keyedByCompany)) return NO_PLAN;
  const limit = Math.ceil(inView / costs.matchCostInRows);
  const matches = await index.count(knex(), text, limit + 1);
  return matches <= limit ? { index, alongSortIndex: false } : NO_PLAN;
}

/**
 * A search alone, counted by the index up to one past the bound (more than the bound is all the
 * answer says: readList), and whether its page is found sooner along the sort's index than by
 * sorting every match: about (rows before the page's end) × (rows in view) / (matches) rows read,
 * against the matches (a page in the list's second half is read from its end: readList).
 */
async function countedSearch(index: IndexedSearch, text: string, request: ListRequest, sortsOnIndex: boolean, knex: () => Knex, options: ListOptions) {
  const total = await index.count(knex(), text, SEARCH_COUNT_BOUND + 1);
  const inView = sortsOnIndex ? await options.keptTotal?.({})?.() : undefined;
  const page = request.range;
  const beforePageEnd = Math.min(page.offset, Math.max(0, total - page.offset - page.limit)) + page.limit;
  return { total, alongSortIndex: inView !== undefined && total * total > beforePageEnd * inView };
}

/**
 * A company's search and nothing else, where the index holds each row's company (SQLite): the
 * index counts the company's matches (up to the bound), at a cost that follows the matches
 * whatever the company's size. A text rare in the company is paged by sorting its matches; a
 * common one along the sort's index, where the LIKE keeps the rows that match (each row read
 * once, and no list of every match made first).
 */
async function planCompanySearch(index: IndexedSearch, text: string, request: ListRequest, sortsOnIndex: boolean, knex: () => Knex, options: ListOptions): Promise<SearchPlan> {
  const { total, alongSortIndex } = await countedSearch(index, text, request, sortsOnIndex, knex, options);
  if (!alongSortIndex) return { index, total, alongSortIndex: false };
  // The LIKE and the index match the same rows where the text is ASCII (both fold its case);
  // beyond it SQLite's LIKE folds no case, and the index keeps the rows, as it counted them.
  return PRINTABLE_ASCII.test(text) ? { total, alongSortIndex: false } : { index, total, alongSortIndex: true };
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A search with no other filter, where the list has an index for it: the index counts the matches
 * (at 100,000 vehicles, 1.8 ms for a make's 10,000 matches against 9.7 ms through the table), and
 * the page is read along the sort's index when that reads fewer rows than the matches are
 * (countedSearch).
 */
async function planSearch(spec: ListSpec, request: ListRequest, sortsOnIndex: boolean, knex: () => Knex, options: ListOptions): Promise<SearchPlan> {
  const texts = request.conditions.flatMap((condition) => (condition.kind === 'search' ? [condition.text] : []));
  if (spec.scopedIndexedSearch) {
    const index = spec.scopedIndexedSearch;
    return texts.length === 1 && index.answers(texts[0]) ? planScopedSearch(index, texts[0], request, sortsOnIndex, knex, options) : NO_PLAN;
  }
  const index = spec.indexedSearch;
  if (!index) return NO_PLAN;
  // Every company's list: the index answers every text long enough, and counts a search alone.
  const text = request.searchAlone;
  if (text === undefined || !index.answers(text)) return { index, alongSortIndex: false };
  return { index, ...(await countedSearch(index, text, request, sortsOnIndex, knex, options)) };
}

/**
 * The conditions with each search the index answers written as the index's SQL test of the id
 * (IndexedSearch.condition), for the constant texts; undefined where the index has none (the
 * query is then built with `apply`).
 */
function withIndexedSearch(conditions: readonly Condition[], search: SearchPlan, knex: () => Knex): Condition[] | undefined {
  const index = search.index!;
  if (!index.condition) return undefined;
  return conditions.map((condition) =>
    condition.kind === 'search' && index.answers(condition.text) ? { kind: 'indexed', ...index.condition!(knex(), condition.text, search.alongSortIndex) } : condition,
  );
}

/** Narrows query by the request's conditions, in their order; a search from the index where it answers. */
function applyConditions(query: ModelQuery, conditions: Condition[], spec: ListSpec, search: SearchPlan) {
  for (const condition of conditions) {
    switch (condition.kind) {
      case 'search': {
        if (search.index?.answers(condition.text)) {
          search.index.apply(query, condition.text, search.alongSortIndex);
          break;
        }
        const pattern = likePattern(condition.text);
        query.where((w) => spec.search!.forEach((col) => w.orWhereRaw(`?? like ? escape '!'`, [col, pattern])));
        break;
      }
      case 'compare':
        query.where(condition.column, condition.op, condition.value);
        break;
      case 'in':
        query.whereIn(condition.column, condition.values);
        break;
      case 'null':
        query.whereNull(condition.column);
        break;
      case 'after':
        query.where((w) => w.whereNull(condition.column).orWhere(condition.column, '>', condition.value));
        break;
      case 'notEqual': {
        // SQL's <> is never true for NULL: a row with no value differs from the one given.
        const { column, value } = condition;
        if (value === null) query.whereNotNull(column);
        else query.where((w) => w.whereNull(column).orWhere(column, '<>', value));
        break;
      }
    }
  }
}

/** A join as knex writes it: its kind, the table, its alias, and the first equality of its ON clause. */
const JOIN_CLAUSE = /(?:\b(left outer|left|inner|right outer|right|full outer|cross)\s+)?\bjoin\s+`([^`]+)`(?:\s+as\s+`([^`]+)`)?\s+on\s+`([^`]+)`\.`([^`]+)`\s*=\s*`([^`]+)`\.`([^`]+)`/gi;
const JOIN_WORD = /\bjoin\b/gi;

/**
 * Whether the joins that `withJoins` has and `withoutJoins` lacks can be left out without changing
 * which rows, and how many, the query reads. That holds when each is a LEFT JOIN on the joined
 * table's primary key (`id`), so it adds at most one row to each row and removes none, and when
 * nothing else in the query (a filter, the scope, the order) reads a column of the joined table.
 * Anything this cannot read (a join it does not recognise) counts as needed.
 */
export function joinsMayBeLeftOut(withJoins: string, withoutJoins: string): boolean {
  const removed = (withJoins.match(JOIN_WORD)?.length ?? 0) - (withoutJoins.match(JOIN_WORD)?.length ?? 0);
  if (removed <= 0) return false;
  const joins = [...withJoins.matchAll(JOIN_CLAUSE)];
  const droppable = joins.filter(([, kind, table, alias, leftTable, leftColumn, rightTable, rightColumn]) => {
    const name = alias ?? table;
    const onItsKey = (leftTable === name && leftColumn === 'id') || (rightTable === name && rightColumn === 'id');
    return /^left/i.test(kind ?? '') && onItsKey && !withoutJoins.includes(`\`${name}\`.`);
  });
  return droppable.length === removed && joins.length === removed;
}

/** `query` without its joins where that provably reads the same rows (joinsMayBeLeftOut), else `query` itself. */
export function withoutNeedlessJoins(query: ModelQuery): ModelQuery {
  if (!query.has(/join/i)) return query;
  const stripped = query.clone().clear(/join/i);
  return joinsMayBeLeftOut(query.toKnexQuery().toSQL().sql, stripped.toKnexQuery().toSQL().sql) ? stripped : query;
}

/**
 * Reads a checked request's page from `base`: the rows (the models) of the page, its first row's
 * position, and the total of rows the filter leaves.
 */
export async function readList(spec: ListSpec, baseQuery: ModelQuery | (() => ModelQuery), request: ListRequest, options: ListOptions): Promise<{ offset: number; rows: unknown[]; total: number; capped: boolean }> {
  const { sort, page } = request;
  const baseTable = spec.idColumn.split('.').at(-2);
  const sortsOnJoin = baseTable !== undefined && sort[0].includes('.') && !sort[0].startsWith(`${baseTable}.`);
  // The base query (and the filtered one) is built when a query needs it: an unfiltered list
  // whose resource reads its ids, count and rows by constant SQL texts builds none.
  let built: ModelQuery | undefined;
  const base = () => (built ??= typeof baseQuery === 'function' ? baseQuery() : baseQuery);
  // The knex, asked for only where the search index is (a search by LIKE then builds no query at all).
  const knexOf = () => options.knex ?? base().knex();
  const search = request.conditions.length ? await planSearch(spec, request, !sortsOnJoin, knexOf, options) : NO_PLAN;
  // The conditions as the constant texts take them: a search through the index as its SQL test.
  const constantConditions = search.index ? withIndexedSearch(request.conditions, search, knexOf) : request.conditions;
  let filteredQuery: ModelQuery | undefined;
  const filtered = () => {
    if (!filteredQuery) {
      filteredQuery = base().clone();
      applyConditions(filteredQuery, request.conditions, spec, search);
    }
    return filteredQuery;
  };

  const direction = sort[1].toLowerCase() as 'asc' | 'desc';
  const orderColumns = sort[0] === spec.idColumn ? [sort[0]] : [sort[0], ...(spec.tieBreakers?.[sort[0]] ?? [spec.idColumn])];
  const orderIn = (query: ModelQuery, dir: 'asc' | 'desc') => orderColumns.reduce((ordered, column) => ordered.orderBy(column, dir), query);
  // The total is counted on the filtered rows alone, without the page's columns: a window count
  // in the page query would compute every column (sub-queries included) for every matching row.
  // Joins that cannot change the count are left out: that spares a lookup per matching row.
  // A search's matches are counted up to one past the bound (SEARCH_COUNT_BOUND): a common text
  // in a large company reads a bound's worth of rows, not all of them.
  const searches = request.conditions.some((condition) => condition.kind === 'search');
  const countRows = async () => {
    // A search through an index without an SQL test of its own is the base query's to build.
    const constant = constantConditions && options.countByConstantText?.(constantConditions, searches ? SEARCH_COUNT_BOUND + 1 : undefined);
    if (constant) return constant;
    const matching = withoutNeedlessJoins(filtered().clone().clearSelect().clearOrder());
    const [row] = (searches
      ? await matching.knex().count({ total: '*' }).from(matching.select(matching.knex().raw('1')).limit(SEARCH_COUNT_BOUND + 1).toKnexQuery().as('matches'))
      : await matching.count({ total: '*' })) as { total?: number | string }[];
    return Number(row?.total ?? 0);
  };
  // The total may be known without counting (the search index, the kept counts of large tables).
  const searchTotal = search.total;
  const countTotal = searchTotal !== undefined ? async () => searchTotal : (options.keptTotal?.(request.applied) ?? countRows);
  // A deferred join: the page's ids first, from the sort's index, then the page's columns for those
  // rows only. Selecting the columns with the offset computed them (file counts and all) for every
  // skipped row: page 400 of a million vehicles took 26 ms, against 0.2 ms for page 1.
  const pageIds = async (dir: 'asc' | 'desc', offset: number, limit: number) => {
    // A search through an index without an SQL test of its own is the base query's to build.
    const constant = constantConditions && options.idsByConstantText?.(constantConditions, orderColumns, dir, offset, limit);
    if (constant) return constant;
    const query = orderIn(filtered().clone().clearSelect().select(spec.idColumn), dir).offset(offset).limit(limit);
    return ((await withoutNeedlessJoins(query)) as { id: number }[]).map((row) => row.id);
  };
  let total: number;
  let ids: number[];
  if (page.offset === 0 && countTotal === countRows) {
    // The first page, by far the most read, where only counting the rows tells the total (a
    // filter, a search by LIKE): a page that is not full is the whole list, and its length the
    // total. A rare text (a VIN's end) or a small filter (a container's cars) then reads the rows
    // once, not twice; a full page is counted after.
    ids = await pageIds(direction, 0, page.limit);
    total = ids.length < page.limit ? ids.length : await countRows();
  } else if (searchTotal === 0) {
    // The index found nothing: no page to read.
    [total, ids] = [0, []];
  } else if (page.offset === 0) {
    // The first page with a total known without counting: both at once.
    [total, ids] = await Promise.all([countTotal(), pageIds(direction, 0, page.limit)]);
  } else if (searches && (total = await countTotal()) > SEARCH_COUNT_BOUND) {
    // The list's end is not known: the page is read from the start.
    ids = await pageIds(direction, page.offset, page.limit);
  } else {
    // Later pages count first: a page in the second half of the list is read from the list's end
    // in the reverse order, so the last page of a million rows skips a few rows, not all the others.
    // The reverse order is the exact mirror (both engines put NULLs first ascending, last descending);
    // the page's rows are put in order when they are read below.
    total ??= await countTotal();
    const end = Math.min(page.offset + page.limit, total);
    const skippedFromEnd = total - end;
    if (page.offset >= total) ids = [];
    else if (skippedFromEnd < page.offset) ids = (await pageIds(direction === 'asc' ? 'desc' : 'asc', skippedFromEnd, end - page.offset)).reverse();
    else ids = await pageIds(direction, page.offset, page.limit);
  }
  // The ids already meet the filters, and are in the page's order: the page's rows are read by id
  // alone (a search is not run again).
  let rows: unknown[] = [];
  if (ids.length) rows = options.rowsOf ? await options.rowsOf(ids) : await orderIn(base().clone().whereIn(spec.idColumn, ids), direction);
  if (options.completePage) await options.completePage(rows);
  const capped = searches && total > SEARCH_COUNT_BOUND;
  return { offset: page.offset, rows, total: capped ? SEARCH_COUNT_BOUND : total, capped };
}

/**
 * Every id the list's filter leaves, in the list's order, without a page: what an export
 * (resources/sheetExport.ts) reads, then fetches the rows of in batches. Ids alone stay small
 * (30,000 ids are a few hundred kB) and the rows are read in the order the list shows them.
 */
export async function readAllIds(spec: ListSpec, base: ModelQuery, request: ListRequest): Promise<number[]> {
  const filtered = base.clone();
  // Every company's list searches through the index, as its pages do; a company's, by LIKE.
  applyConditions(filtered, request.conditions, spec, spec.indexedSearch ? { index: spec.indexedSearch, alongSortIndex: false } : NO_PLAN);
  const direction = request.sort[1].toLowerCase() as 'asc' | 'desc';
  const orderColumns = request.sort[0] === spec.idColumn ? [request.sort[0]] : [request.sort[0], ...(spec.tieBreakers?.[request.sort[0]] ?? [spec.idColumn])];
  const ordered = orderColumns.reduce((query, column) => query.orderBy(column, direction), filtered.clearSelect().select(spec.idColumn));
  return ((await withoutNeedlessJoins(ordered)) as { id: number }[]).map((row) => row.id);
}
