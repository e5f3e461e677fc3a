import { loadConfig } from '../config';
import { setPasswordHashCost } from '../services/passwords';
import { closeDb, createDb } from '../db';
import { createSuperAdmin, RecoveryRefused, resetPassword } from '../resources/users/recovery';
import { schemaProblem, schemaState } from '../db';

/**
 * npm run admin -- reset-password <username> | create [username]: run on the server, with its
 * settings (DATABASE_URL), to get back into an install whose super admin password is lost. The
 * password printed is shown once and must be changed at the first sign-in.
 */
const [command, username] = process.argv.slice(2);
process.umask(0o077);
const config = loadConfig();
setPasswordHashCost(config.passwordHashCost);
const db = createDb(config.databaseUrl, config.database);
try {
  const problem = schemaProblem(await schemaState(db));
  if (problem) throw new RecoveryRefused(problem);
  if (command === 'reset-password' && username) {
    const { password, active } = await resetPassword(db, username);
    console.log(`New password for ${username.trim().toLowerCase()}: ${password}`);
    console.log('It is shown once and must be changed at the first sign-in; the account\'s sessions have ended.');
    if (!active) console.log('This account is deactivated: an administrator must activate it before it can sign in.');
  } else if (command === 'create') {
    const name = username ?? config.adminUsername;
    const { password } = await createSuperAdmin(db, name);
    console.log(`Super admin ${name.trim().toLowerCase()} created, password: ${password}`);
    console.log('It is shown once and must be changed at the first sign-in.');
  } else {
    throw new RecoveryRefused('Use: npm run admin -- reset-password <username>, or npm run admin -- create [username] (ADMIN_USERNAME when none is given)');
  }
} catch (error) {
  console.error(`${error instanceof RecoveryRefused ? 'Refused' : 'Failed'}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
