/**
 * `npx tsx bench/searchCost.ts [text]`: what each query of a company's search costs on SQLite, at
 * the CPU bench's three companies (1,000, 10,000 and 50,000 cars, bench/cpu.ts), so the cost of
 * `list of 25, q=toyota` can be told apart: the kept count, the count by the company's entries of
 * the index (planCompanySearch) and by LIKE (as before migration 20261203000100), and the page's
 * ids by LIKE along the sort's index (a common text), led by the index's matches (a rare one) and
 * along the sort keeping the index's matches (a common text beyond ASCII). Each query is run 20
 * times after a warm-up on one connection with the app's page cache; the median is printed, with
 * its rows.
 */
import Database from 'better-sqlite3';
import { closeDb, createDb, DEFAULT_DEADLINES, migrateLatest } from '../api/src/db';
import { escapeLike } from '../api/src/http/listPlan';
import { companyToken } from '../api/src/resources/vehicles/searchIndex';
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
  const phrase = `{vin make model} : "${text.replaceAll('"', '""')}"`;
  const matchesLike = "(vin like ? escape '!' or make like ? escape '!' or model like ? escape '!')";
  const order = 'order by createdAt desc, id desc limit 25';
  const everywhere = (time(`select count(*) as n from vehicles_search where vehicles_search match ?`, [phrase]).rows[0] as { n: number }).n;
  process.stdout.write(`"${text}": ${everywhere} matches in every company's vehicles\n`);
  for (const [c, size] of SIZES.entries()) {
    const { id: companyId } = sqlite.prepare('select id from companies where code = ?').get(`EXP${c + 1}`) as { id: number };
    const ofCompany = `company : "${companyToken(companyId)}" AND ${phrase}`;
    const matching = 'id in (select rowid from vehicles_search where vehicles_search match ?)';
    const queries: [string, string, unknown[]][] = [
      ['kept count', `select sum(total) as total from company_row_counts where tableName = 'vehicles' and companyId = ?`, [companyId]],
      ["count by the company's index entries", `select count(*) as n from (select 1 from vehicles_search where vehicles_search match ? limit ?)`, [ofCompany, SEARCH_COUNT_BOUND + 1]],
      ['count by LIKE (before 20261203000100)', `select count(*) as total from (select 1 from vehicles where companyId = ? and ${matchesLike} limit ?)`, [companyId, like, like, like, SEARCH_COUNT_BOUND + 1]],
      ['page ids by LIKE along the sort (a common text)', `select id from vehicles where companyId = ? and ${matchesLike} ${order}`, [companyId, like, like, like]],
      ['page ids led by the matches (a rare text)', `select id from vehicles where +companyId = ? and ${matching} ${order}`, [companyId, ofCompany]],
      ['page ids along the sort, matches kept (beyond ASCII)', `select id from vehicles where companyId = ? and +${matching} ${order}`, [companyId, ofCompany]],
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
