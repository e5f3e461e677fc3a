import type { Knex } from 'knex';
import type supertest from 'supertest';
import { expect } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errorCodes';

type Res = { status: number; body: any; headers: Record<string, any> };

/** The list protocol's query string, as ra-data-simple-rest sends it. */
export function listQuery(params: { sort?: unknown; range?: unknown; filter?: unknown }): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query[key] = JSON.stringify(value);
  return query;
}

/** GET a list with sort/range/filter given as values (JSON-encoded here). */
export function getList(agent: supertest.Agent, path: string, params: { sort?: unknown; range?: unknown; filter?: unknown } = {}) {
  return agent.get(path).query(listQuery(params));
}

/** Content-Range "companies 0-24/319" taken apart; fails the test when the header is missing or malformed. */
export function contentRange(res: Res) {
  const header = res.headers['content-range'];
  expect(header, 'Content-Range header').toMatch(/^[a-z_-]+ \d+-\d+\/\d+$/);
  const [, resource, start, end, total] = /^([a-z_-]+) (\d+)-(\d+)\/(\d+)$/.exec(header)!;
  return { resource, start: Number(start), end: Number(end), total: Number(total) };
}

export const ids = (res: Res): number[] => (res.body as { id: number }[]).map((r) => r.id);

/** What must never reach a client: stack frames, SQL, driver error codes. */
const LEAKS: RegExp[] = [
  /\bat .+:\d+:\d+/, // a stack frame "at fn (file.js:1:2)"
  /node_modules|\.ts:\d+|\.js:\d+/,
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+`?\w+`?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /SQLITE_/,
  /\bER_[A-Z_]+/,
  /\bstack\b/i,
  /syntax/i,
];

/** No password and no hash in an answer: `mustChangePassword` is the one field that may name one. */
export const NO_PASSWORD = /(?<!mustChange)password/i;

/** The error body is clean: no stack trace, SQL or driver code anywhere in it. */
export function expectNoLeak(res: Res) {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  for (const leak of LEAKS) expect(text, `error body leaks ${leak}`).not.toMatch(leak);
}

/** The one error shape of DESIGN.md §3: { message, code, errors?, details? }, with a known code and nothing leaked. */
export function expectError(res: Res, status: number, code?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(ERROR_CODES).toContain(res.body.code);
  if (code) expect(res.body.code).toBe(code);
  expect(Object.keys(res.body).every((k) => ['message', 'code', 'errors', 'details'].includes(k))).toBe(true);
  expectNoLeak(res);
}

/** Number of rows in a table, optionally filtered. */
export async function countRows(db: Knex, table: string, where?: Record<string, unknown>): Promise<number> {
  const query = db(table);
  if (where) query.where(where);
  const [row] = await query.count({ n: '*' });
  return Number(row.n);
}
