import { loadConfig } from '../config';
import { closeDb, createDb } from '../db';

/** npm run migrate -- [latest|rollback|up|down|status]: the same migrations the server runs. */
const command = process.argv[2] ?? 'latest';
const config = loadConfig();
// Migrations may run long statements (an index on a big table): no query deadline for them.
const db = createDb(config.databaseUrl, { ...config.database, queryTimeoutMs: 0 });
try {
  if (command === 'latest') console.log(await db.migrate.latest());
  else if (command === 'rollback') console.log(await db.migrate.rollback(undefined, true));
  else if (command === 'up') console.log(await db.migrate.up());
  else if (command === 'down') console.log(await db.migrate.down());
  else if (command === 'status') console.log(await db.migrate.list());
  else throw new Error(`Unknown command ${command}: use latest, rollback, up, down or status`);
} finally {
  await closeDb(db);
}
