import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The install folder: the nearest folder above this file with the project's package.json. The
 * same from the sources (api/src) and the compiled code (dist/api), whatever the working
 * directory: relative DATA_DIR and ADMIN_DIST resolve against it.
 */
function findInstallRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'vehicle-export-console') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The install folder (with the package.json of vehicle-export-console) was not found above the server code');
    dir = parent;
  }
}

export const INSTALL_ROOT = findInstallRoot();

/** This version (semver, package.json): in GET /api/health, the log and the console's account menu. */
export const VERSION: string = JSON.parse(readFileSync(path.join(INSTALL_ROOT, 'package.json'), 'utf8')).version;

/** A setting's path: absolute as given, a relative one inside the install folder. */
export const installPath = (setting: string) => path.resolve(INSTALL_ROOT, setting);
