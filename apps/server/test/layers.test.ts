import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's layers, read from its sources: the trace worker and the queue sit below the
// features (a worker process runs them without any route), and the feature folders import one
// another one way only, so that each can be read, and changed, above the ones it uses. The map
// of the rooms names every file at the server's root.

const src = fileURLToPath(new URL('../src/', import.meta.url));
const features = join(src, 'features');

/** Every TypeScript file below a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

/** Where a file's relative imports lead (static and dynamic imports, re-exports), from src/. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    relative(src, resolve(dirname(file), m[1] as string)),
  );
}

/** The feature folder a path from src/ is in, if any: `features/auth/queries.js` is in `auth`. */
function featureOf(path: string): string | undefined {
  const [top, folder, file] = path.split(sep);
  return top === 'features' && file !== undefined ? folder : undefined;
}

/** Which feature folders each feature folder imports from. */
function featureImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(features)) {
    const from = featureOf(relative(src, file));
    if (from === undefined) continue;
    for (const to of importsOf(file).map(featureOf)) {
      if (to === undefined || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** A shortest way from a folder back to itself through the imports, e.g. `auth -> receipts -> auth`. */
function cycleThrough(start: string, edges: Map<string, Set<string>>): string | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const way = [at];
        for (let back = cameFrom.get(at); back !== undefined; back = cameFrom.get(back)) way.unshift(back);
        return [...way, start].join(' -> ');
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

describe('the layers of the server', () => {
  it('reads every source file', () => {
    expect(sources(join(src, 'worker')).length).toBeGreaterThan(3);
    expect(sources(join(src, 'queue')).length).toBeGreaterThan(3);
    expect(featureImports().get('api-v1')).toContain('conversions');
  });

  it('keeps the trace worker and the queue below the features', () => {
    const upward = ['worker', 'queue'].flatMap((dir) =>
      sources(join(src, dir)).flatMap((file) =>
        importsOf(file)
          .filter((to) => to.startsWith(`features${sep}`))
          .map((to) => `${relative(src, file)} -> ${to}`),
      ),
    );
    expect(upward).toEqual([]);
  });

  it('has a line in the map (docs/ARCHITECTURE.md) for every file at its root', () => {
    const map = readFileSync(new URL('../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
    const unlisted = readdirSync(src).filter((f) => f.endsWith('.ts') && !map.includes(`| \`  ${f}\` |`));
    expect(unlisted).toEqual([]);
  });

  it('has no feature folders that import each other in a cycle', () => {
    const edges = featureImports();
    const cycles = [...edges.keys()].flatMap((folder) => cycleThrough(folder, edges) ?? []);
    expect(cycles).toEqual([]);
  });
});
