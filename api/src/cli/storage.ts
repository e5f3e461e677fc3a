import type { Knex } from 'knex';
import { loadConfig, parseStorageUrl } from '../config';
import { closeDb, createDb, schemaProblem, schemaState } from '../db';
import { createFileStorages, describeStorage } from '../services/storage';
import { filesToMigrate, migrateFiles } from '../services/storage/migrate';
import { writeTransaction } from '../resources/writeTransaction';

/**
 * npm run storage:migrate -- --to <url>: copies every stored file (the files of vehicles and
 * containers, company documents, invoices' PDFs, company logos) to the storage
 * `--to` names (db:, or s3://bucket?… with the AWS variables), reading each from where its row says
 * (the database, or STORAGE_URL's bucket). Each file's row is updated as its copy completes, so an
 * interrupted run is resumed by running it again. Then set STORAGE_URL to the same URL.
 */
const args = process.argv.slice(2);
const command = args[0];
const toIndex = args.indexOf('--to');
const to = toIndex >= 0 ? args[toIndex + 1] : undefined;
process.umask(0o077);
const config = loadConfig();
const db = createDb(config.databaseUrl, config.database);
const storageOptions = { db, write: <T>(work: (trx: Knex.Transaction) => Promise<T>) => writeTransaction(db, work) };
const sources = createFileStorages(config.storage, storageOptions);
const target = to === undefined ? 'missing' : parseStorageUrl(to, process.env);
const targets = typeof target === 'string' ? null : createFileStorages(target, storageOptions);
try {
  if (command !== 'migrate' || !targets) {
    throw new Error(`Use: npm run storage:migrate -- --to db: | s3://bucket?endpoint=…&region=…&forcePathStyle=true${typeof target === 'string' && to !== undefined ? ` (--to: ${target})` : ''}`);
  }
  const problem = schemaProblem(await schemaState(db));
  if (problem) throw new Error(problem);
  const total = await filesToMigrate(db, targets.current);
  console.log(`Copying ${total} file(s) to ${describeStorage(target as Exclude<typeof target, string>)}…`);
  let shown = 0;
  const result = await migrateFiles(db, sources, targets.current, (done) => {
    if (done - shown >= 100 || done === total) console.log(`  ${(shown = done)} / ${total}`);
  });
  console.log(`Done: ${result.copied} copied${result.vanished ? `, ${result.vanished} deleted or moved meanwhile` : ''}. Set STORAGE_URL to ${to} so new files go there too.`);
} catch (error) {
  console.error(`Failed: ${(error as Error).message}${/copied|Use:/.test((error as Error).message) ? '' : ' (run it again to resume: files already copied are skipped)'}`);
  process.exitCode = 1;
} finally {
  sources.close();
  targets?.close();
  await closeDb(db);
}
