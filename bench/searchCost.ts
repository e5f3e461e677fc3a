/**
 * `npx tsx bench/searchCost.ts [text]`: what each query of a company's search costs on SQLite, at
 * the CPU bench's three companies (1,000, 10,000 and 50,000 cars, bench/cpu.ts), so the growth of
 * `list of 25, q=toyota` with the company can be told apart: the kept count, the question to the
 * index (planScopedSearch), the count and the page's ids by LIKE and through the index, and the
 * page read along the sort's index. Each query is run 20 times after a warm-up on one connection
 * with the app's page cache; the median is printed, with its rows.
 */
import Database from 'better-sqlite3';
import { closeDb, createDb, DEFAULT_DEADLINES, migrateLatest } from '../api/src/db';
import { escapeLike, SCOPED_INDEX_MIN_ROWS } from '../api/src/http/listPlan';
import { SEARCH_COUNT_BOUND } from '../api/src/http/listQuery';
import { createTestDatabase } from '../api/test/support/engines';
import { seedBenchData } from './seed';

const SIZES = [1_000, 10_000, 50_000];
const text = process.argv[2] ?? 'toyota';

const database = await createTestDatabase('sqlite');
try {
  const db = createDb(database.url, { ...DEFAULT_DEADLINES, queryTimeoutMs: 0 });
  try {
    await migrateLatest(db);
    await seedBenchData(db, { companies: SIZES.length, containersPerCompany: 0, vehiclesPerCompany: 0, vehiclesOf: (c) => SIZES[c - 1] });
  } finally {
    await closeDb(db);
  }
  const sqlite = new Database(database.url.slice('sqlite:'.length), { readonly: true });
  // The app's page cache (db/connection.ts sqlitePragmas).
  sqlite.pragma('cache_size = -2000');
  const time = (sql: string, params: unknown[]) => {
    const statement = sqlite.prepare(sql);
    let rows: unknown[] = statement.all(params);
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      rows = statement.all(params);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    return { ms: runs[10], rows };
  };
  const like = `%${escapeLike(text)}%`;
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const matchesLike = "(vin like ? escape '!' or make like ? escape '!' or model like ? escape '!')";
  const order = 'order by createdAt desc, id desc limit 25';
  const everywhere = (time(`select count(*) as n from vehicles_search where vehicles_search match ?`, [phrase]).rows[0] as { n: number }).n;
  process.stdout.write(`"${text}": ${everywhere} matches in every company's vehicles\n`);
  for (const [c, size] of SIZES.entries()) {
    const { id: companyId } = sqlite.prepare('select id from companies where code = ?').get(`EXP${c + 1}`) as { id: number };
    const limit = Math.ceil(size / 3);
    const queries: [string, string, unknown[]][] = [
      ['kept count', `select sum(total) as total from company_row_counts where tableName = 'vehicles' and companyId = ?`, [companyId]],
      [`index asked, up to ${limit + 1}${size < SCOPED_INDEX_MIN_ROWS ? ' (not asked: small company)' : ''}`, `select count(*) as n from (select 1 from vehicles_search where vehicles_search match ? limit ?)`, [phrase, limit + 1]],
      ['count by LIKE', `select count(*) as total from (select 1 from vehicles where companyId = ? and ${matchesLike} limit ?)`, [companyId, like, like, like, SEARCH_COUNT_BOUND + 1]],
      ['count by index', `select count(*) as total from (select 1 from vehicles where companyId = ? and id in (select rowid from vehicles_search where vehicles_search match ?) limit ?)`, [companyId, phrase, SEARCH_COUNT_BOUND + 1]],
      ['page ids by LIKE', `select id from vehicles where companyId = ? and ${matchesLike} ${order}`, [companyId, like, like, like]],
      ['page ids by index', `select id from vehicles where companyId = ? and id in (select rowid from vehicles_search where vehicles_search match ?) ${order}`, [companyId, phrase]],
      ['page ids by index, along the sort', `select id from vehicles where companyId = ? and +id in (select rowid from vehicles_search where vehicles_search match ?) ${order}`, [companyId, phrase]],
    ];
    process.stdout.write(`\ncompany of ${size.toLocaleString('en')} cars:\n`);
    for (const [name, sql, params] of queries) {
      const { ms, rows } = time(sql, params);
      const first = rows[0] as Record<string, unknown> | undefined;
      const answer = rows.length === 1 && first && Object.keys(first).length === 1 ? `answers ${Object.values(first)[0]}` : `${rows.length} rows`;
      process.stdout.write(`  ${name.padEnd(52)} ${ms.toFixed(3).padStart(7)} ms  ${answer}\n`);
    }
  }
  sqlite.close();
} finally {
  await database.drop();
}
