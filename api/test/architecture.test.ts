import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, shippedSourceFiles } from '../../test/support/sourceImports';

/**
 * The API's layers point one way (docs/architecture.md, "The layers"), and every rule that depends
 * on a role is the domain's: no other file names a role, keeps a list of roles or compares one.
 * Each failure names the file and the line to move.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const API = join(ROOT, 'api/src');
const CONSOLE = join(ROOT, 'admin/src');

/**
 * What each part of api/src may import from the rest of it (its own files always). The composing
 * files (app, server, startup) may import anything; every other part is listed here, and
 * a part that is not must be added to the drawing and to this table.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: [],
  db: [],
  install: [],
  'config': ['db', 'domain', 'install'],
  services: ['domain'],
  http: ['config', 'db', 'domain', 'install', 'services'],
  resources: ['db', 'domain', 'http', 'services'],
  'accounts': ['domain', 'resources'],
  demo: ['config', 'domain', 'http', 'resources', 'services'],
  cli: ['config', 'db', 'domain', 'install', 'resources', 'services'],
  types: [],
};
const COMPOSERS = ['app', 'server', 'startup'];

/** Folders outside api/src that a part may import: the migrations are the database layer's, the seed the start-up's. */
const MAY_IMPORT_OUTSIDE: Record<string, readonly string[]> = { db: ['migrations'], startup: ['seeds'] };


/** The part of api/src a path belongs to (its folder, or its file without extension), or `../<folder>` outside it. */
const partOf = (path: string): string => {
  const parts = relative(API, path).split(sep);
  if (parts[0] === '..') return `../${relative(ROOT, path).split(sep)[0]}`;
  return parts[0].replace(/\.tsx?$/, '');
};

/** The imports that break the table, as 'http/auth.ts:3 → ../resources/users/model'. */
export function layerViolations(files: { path: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    const from = partOf(path);
    source.split('\n').forEach((line, index) => {
      for (const specifier of importsOf(line)) {
        const target = resolve(dirname(path), specifier);
        const to = partOf(target);
        const where = `${relative(API, path)}:${index + 1} → ${specifier}`;
        if (to.startsWith('../')) {
          if (!(MAY_IMPORT_OUTSIDE[from] ?? []).includes(to.slice(3))) found.push(`${where} (outside api/src)`);
          continue;
        }
        // The database layer is used through its front, db/index.ts: what is behind it may change.
        if (to === 'db' && from !== 'db' && !/[/\\]db([/\\]index)?$/.test(target)) found.push(`${where} (past db/index.ts)`);
        if (to === from || COMPOSERS.includes(from)) continue;
        const allowed = MAY_IMPORT[from];
        if (!allowed) found.push(`${where} (${from} is not in the layer table)`);
        else if (!allowed.includes(to)) found.push(`${where} (${from} may not import ${to})`);
      }
    });
  }
  return found;
}

/** The code of a file without its comments (strings kept, so a role named in one is still seen). */
const withoutComments = (source: string) =>
  source.replace(/('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment, text: string | undefined) =>
    // A comment keeps its line breaks, so line numbers stay true.
    text ?? comment.replace(/[^\n]/g, ''),
  );

const ROLE_RULES: [RegExp, string][] = [
  [/(['"`])(SUPER_ADMIN|COMPANY_ADMIN|SHIPPER|BUYER)\1/, 'names a role'],
  [/\brole\s*[!=]==?\s*['"`]?[A-Z]|\b[A-Z][A-Z_]*['"`]?\s*[!=]==?\s*[\w.]*\brole\b/, 'compares a role'],
  [/\b[A-Z_]*ROLES\.(includes|indexOf|some|find)\(/, 'looks a role up in a list'],
];

/** Files that may name a role as data, with why. */
const ROLES_AS_DATA: Record<string, string> = {
  'api/src/demo/demoCompany.ts': 'the demo company: each demo account is created with its role',
};

/** Lines outside the domain that name, list or compare roles, as 'admin/src/x.tsx:12 compares a role'. */
export function roleRuleViolations(files: { path: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    const name = relative(ROOT, path).split(sep).join('/');
    if (name.startsWith('api/src/domain/') || ROLES_AS_DATA[name]) continue;
    withoutComments(source)
      .split('\n')
      .forEach((line, index) => {
        for (const [rule, what] of ROLE_RULES) if (rule.test(line)) found.push(`${name}:${index + 1} ${what}: ${line.trim()}`);
      });
  }
  return found;
}

const read = (paths: string[]) => paths.map((path) => ({ path, source: readFileSync(path, 'utf8') }));

describe('the layers of api/src (docs/architecture.md)', () => {
  it('reads an import the rules forbid as one', () => {
    const http = join(API, 'http/auth.ts');
    expect(layerViolations([{ path: http, source: "import { User } from '../resources/users/model';\nimport { can } from '../domain/permissions';" }])).toEqual([
      'http/auth.ts:1 → ../resources/users/model (http may not import resources)',
    ]);
    const resource = join(API, 'resources/vehicles/search.ts');
    expect(layerViolations([{ path: resource, source: "import { isMysql } from '../../../../migrations/helpers';\nimport { isMysql } from '../../db';" }])).toEqual([
      'resources/vehicles/search.ts:1 → ../../../../migrations/helpers (outside api/src)',
    ]);
    expect(layerViolations([{ path: resource, source: "import { ReaderPool } from '../../db/sqlite/readerPool';" }])).toEqual([
      'resources/vehicles/search.ts:1 → ../../db/sqlite/readerPool (past db/index.ts)',
    ]);
  });

  it('has no import against them', () => {
    expect(layerViolations(read(shippedSourceFiles(API)))).toEqual([]);
  });
});

describe('roles outside the domain', () => {
  it('reads a role named, compared or looked up outside the domain as a violation, and a comment as none', () => {
    const file = join(CONSOLE, 'vehicles/Example.tsx');
    const source = [
      "// A BUYER sees 'BUYER' here.",
      "if (user.role === 'BUYER') return null;",
      'const changed = newRole !== target.role;',
      'if (user.role !== SUPER_ADMIN_ROLE) return null;',
      'const ok = CONTAINER_SHIPPER_ROLES.includes(user.role);',
    ].join('\n');
    expect(roleRuleViolations([{ path: file, source }])).toEqual([
      "admin/src/vehicles/Example.tsx:2 names a role: if (user.role === 'BUYER') return null;",
      "admin/src/vehicles/Example.tsx:2 compares a role: if (user.role === 'BUYER') return null;",
      'admin/src/vehicles/Example.tsx:4 compares a role: if (user.role !== SUPER_ADMIN_ROLE) return null;',
      'admin/src/vehicles/Example.tsx:5 looks a role up in a list: const ok = CONTAINER_SHIPPER_ROLES.includes(user.role);',
    ]);
  });

  it('finds none in the API or the console', () => {
    expect(roleRuleViolations(read([...shippedSourceFiles(API), ...shippedSourceFiles(CONSOLE)]))).toEqual([]);
  });
});
