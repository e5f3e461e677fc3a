import { loadConfig } from '../config';
import { closeDb, createDb } from '../db';

/** npm run migrate -- [latest|rollback|up|down|status]: the same migrations the server runs. */
const command = process.argv[2] ?? 'latest';
const config = loadConfig();
// Migrations may run long statements (an index on a big table): no query deadline for them.
const db = createDb(config.databaseUrl, { ...config.database, queryTimeoutMs: 0 });
const names = (list: (string | { name?: string; file?: string })[]) => list.map((m) => (typeof m === 'string' ? m : (m.name ?? m.file ?? String(m))));
const print = (title: string, list: string[]) => console.log(`${title}: ${list.length ? `\n  ${list.join('\n  ')}` : 'none'}`);
try {
  if (command === 'status') {
    const [applied, pending] = await db.migrate.list();
    print('Applied', names(applied));
    print('Pending', names(pending));
  } else if (command === 'latest' || command === 'up') {
    const [batch, done] = command === 'latest' ? await db.migrate.latest() : await db.migrate.up();
    print(done.length ? `Applied (batch ${batch})` : 'Applied', done);
  } else if (command === 'rollback' || command === 'down') {
    const [, undone] = command === 'rollback' ? await db.migrate.rollback(undefined, true) : await db.migrate.down();
    print('Rolled back', undone);
  } else {
    throw new Error(`Unknown command ${command}: use latest, rollback, up, down or status`);
  }
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
