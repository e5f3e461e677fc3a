import type { Knex } from 'knex';
import type { Config } from '../config';
import { DomainError } from '../domain/errors';
import { loadDemoData } from './loadDemoData';
import { createFileStorages } from '../services/storage';
import { writeTransaction } from '../resources/writeTransaction';

/**
 * DEMO_DATA=true at start: the demo company goes into an install without companies, once (the
 * next start finds its company and leaves everything as it is). Either way the log says what
 * happened, and the demo accounts' passwords are printed, as the first super admin's is.
 */
export async function loadDemoAtStart(db: Knex, config: Config, say: (line: string) => void): Promise<void> {
  if (!config.demo.load) return;
  const storages = createFileStorages(config.storage, { db, write: (work) => writeTransaction(db, work) });
  try {
    const demo = await loadDemoData(db, { password: config.demo.password, maxPixels: config.uploadMaxPixels, storage: storages.current });
    const { ports, containers, vehicles, photos } = demo.counts;
    say(`\nDEMO_DATA: loaded the demo company "${demo.company.name}" (${demo.company.code}): ${ports} ports, ${containers} containers, ${vehicles} vehicles, ${photos} photos.`);
    say(`Demo accounts (${config.demo.password ? 'password from DEMO_PASSWORD' : 'passwords shown once'}):`);
    for (const account of demo.accounts) say(`  ${account.role.padEnd(13)} ${account.username}${config.demo.password ? '' : `  password: ${account.password}`}`);
    say('');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'demo.installNotEmpty') {
      say('DEMO_DATA: this install already has companies, so no demo data was loaded (it only goes into an empty install).');
      return;
    }
    throw error;
  } finally {
    storages.close();
  }
}
