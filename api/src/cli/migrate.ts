import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { closeDb, createDb } from '../db';
import { rollback, RollbackRefused, schemaState, unknownMigrationsProblem } from '../db';

/**
 * npm run migrate -- [latest|status|rollback [--to NAME] [--force]]: the same migrations the
 * server runs. rollback undoes the last migration, or those after NAME (rollback.ts says when it
 * refuses); `down` is another name for it.
 */
const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { to: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const command = positionals[0] ?? 'latest';
// The SQLite backup and a new database file are readable by this user only, as the server's.
process.umask(0o077);
const config = loadConfig();
// Migrations may run long statements (an index on a big table): no query deadline for them.
const db = createDb(config.databaseUrl, { ...config.database, queryTimeoutMs: 0 });
const print = (title: string, list: string[]) => console.log(`${title}: ${list.length ? `\n  ${list.join('\n  ')}` : 'none'}`);
try {
  if (command === 'status') {
    const state = await schemaState(db);
    print('Applied', state.applied);
    print('Pending', state.pending);
    if (state.unknown.length) print('Unknown to this version', state.unknown);
  } else if (command === 'latest' || command === 'up') {
    const unknown = unknownMigrationsProblem(await schemaState(db));
    if (unknown) throw new RollbackRefused(unknown);
    const [batch, done] = command === 'latest' ? await db.migrate.latest() : await db.migrate.up();
    print(done.length ? `Applied (batch ${batch})` : 'Applied', done);
  } else if (command === 'rollback' || command === 'down') {
    const undone = await rollback(db, { to: values.to, force: values.force, databaseUrl: config.databaseUrl, dataDir: config.dataDir, say: (line) => console.log(line) });
    print('Rolled back', undone);
  } else {
    throw new Error(`Unknown command ${command}: use latest, status or rollback [--to NAME] [--force]`);
  }
} catch (error) {
  console.error(`${error instanceof RollbackRefused ? 'Refused' : 'Migration failed'}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
