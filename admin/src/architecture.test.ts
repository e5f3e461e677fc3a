import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, shippedSourceFiles } from '../../test/support/sourceImports';

/**
 * The folders of the console import one another one way only (DESIGN.md §2): a resource folder
 * may use common/ and providers/, or another resource folder that sits below it, never one that
 * uses it back. A cycle between folders means a piece both sides need sits in the wrong place:
 * it belongs in common/ (or in the lower of the two).
 */

const SRC = dirname(fileURLToPath(import.meta.url));


/** The folder of admin/src a file belongs to: its first path segment, '.' for App.tsx and main.tsx. */
const folderOf = (file: string): string => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : '.';
};

/** Folder → folder → the imports that make the edge ('vehicles/VehicleEdit.tsx → ../ai/DamageCheck'). */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of shippedSourceFiles(SRC)) {
    const from = folderOf(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const to = folderOf(resolve(dirname(file), specifier));
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${relative(SRC, file)} → ${specifier}`]);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan): each one is a cycle or several. */
export function cyclicGroups(edges: Map<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('folder imports (DESIGN.md §2)', () => {
  it('finds every kind of relative import', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b/B';",
      "export { c } from '../c';",
      "import '../d/side';",
      "const E = lazy(() => import('../e/Page'));",
      "import { f } from '@domain/f';",
      "import { g } from 'react-admin';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a', '../b/B', '../c', '../d/side', '../e/Page']);
  });

  it('tells a cycle from a chain', () => {
    const chain = new Map([['a', ['b']], ['b', ['c']]]);
    expect(cyclicGroups(chain)).toEqual([]);
    const cycle = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cyclicGroups(cycle)).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle between the folders of admin/src', () => {
    const graph = folderGraph();
    const groups = cyclicGroups(new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]])));
    // Each group with the imports that tie it together, so the failure says what to move.
    const explained = Object.fromEntries(
      groups.map((group) => [
        group.join(' ⇄ '),
        group.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => group.includes(to)).flatMap(([, imports]) => imports)),
      ]),
    );
    expect(explained).toEqual({});
  });
});
