import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { closeDb, createDb, migrateLatest, mysqlLogin } from '../src/db';
import { createTestDatabase, ENGINES } from './support/engines';

/** The grants docs/operations.md lists for the application's user: no TRIGGER, no SUPER. */
const DOCUMENTED_GRANTS = 'CREATE, ALTER, INDEX, DROP, SELECT, INSERT, UPDATE, DELETE, REFERENCES';
/** The migrations that made triggers until 2026-11-26, and the one that drops them. */
const ONCE_TRIGGERED = ['20261125000200_vehicle_search', '20261126000200_company_row_counts', '20261128000200_writes_keep_counts_and_search'];

describe.runIf(ENGINES.includes('mysql'))('migrations with the documented grants on mysql', () => {
  it('make a fresh install without creating a trigger, and run again after failing halfway', async () => {
    const database = await createTestDatabase('mysql');
    const root = knexFactory({ client: 'mysql2', connection: mysqlLogin(new URL(process.env.MYSQL_URL!)), pool: { min: 0, max: 1 } });
    const schema = new URL(database.url).pathname.slice(1);
    const user = `vx_${randomBytes(5).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    // Who may create a trigger (TRIGGER, and SUPER with binary logging): this user may not. Where
    // the tests' own user may not create users, it is such a user already (CI's: the documented
    // grants only, binary logging on, scripts/ci-mariadb.sh), and the test runs as it.
    const url = new URL(database.url);
    try {
      await root.raw(`CREATE USER ?@'127.0.0.1' IDENTIFIED BY ?`, [user, password]);
      await root.raw(`CREATE USER ?@'localhost' IDENTIFIED BY ?`, [user, password]);
      for (const host of ['127.0.0.1', 'localhost']) await root.raw(`GRANT ${DOCUMENTED_GRANTS} ON \`${schema}\`.* TO ?@?`, [user, host]);
      url.username = user;
      url.password = password;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ER_SPECIFIC_ACCESS_DENIED_ERROR' && (error as { code?: string }).code !== 'ER_DBACCESS_DENIED_ERROR') throw error;
      expect(await root.raw('SELECT 1 FROM information_schema.USER_PRIVILEGES WHERE PRIVILEGE_TYPE = ? LIMIT 1', ['SUPER']).then(([rows]) => rows)).toEqual([]);
    }
    const db = createDb(url.toString());
    try {
      await migrateLatest(db);
      const triggers = async () => Number((await root('information_schema.triggers').where({ trigger_schema: schema }).count({ n: '*' }))[0].n);
      expect(await triggers()).toBe(0);

      // As after a run that failed in them: their tables made, the migrations not recorded.
      const now = new Date().toISOString();
      const [companyId] = await db('companies').insert({ name: 'Halfway', code: 'HALF1', createdAt: now });
      await db('vehicles').insert({ vin: '1HGCM82633A004352', make: 'Toyota', model: 'Land Cruiser', companyId, status: 'LOADED', createdAt: now });
      await db('knex_migrations').whereIn('name', ONCE_TRIGGERED).delete();
      await migrateLatest(db);
      expect((await db('knex_migrations').whereIn('name', ONCE_TRIGGERED).pluck('name')).sort()).toEqual(ONCE_TRIGGERED);
      expect(Number((await db('company_row_counts').where({ tableName: 'vehicles', companyId, status: 'LOADED' }).first('total')).total)).toBe(1);
      expect(await db('vehicle_search_suffixes').where('suffix', 'like', 'cruis%').pluck('vehicleId')).toHaveLength(1);
      expect(await triggers()).toBe(0);
    } finally {
      await closeDb(db);
      await database.drop();
      for (const host of ['127.0.0.1', 'localhost']) await root.raw(`DROP USER IF EXISTS ?@?`, [user, host]).catch(() => undefined);
      await root.destroy();
    }
  }, 180_000);
});
