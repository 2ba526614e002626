import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The dependency rules of the engine and the contract, read from their sources: biome keeps
// `node:*` and sharp out of the engine file by file; this sees where every import leads.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const engine = join(root, 'packages/tracer/src');
const contract = join(root, 'packages/contract/src');
const appNames = readdirSync(join(root, 'apps')).map(
  (app) =>
    (JSON.parse(readFileSync(join(root, 'apps', app, 'package.json'), 'utf8')) as { name: string }).name,
);

/** Every TypeScript file below a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

/** What a file imports: static and dynamic imports and re-exports, as written. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] as string);
}

/** A relative import as a path from the repository's root, or the specifier itself. */
function target(file: string, specifier: string): string {
  return specifier.startsWith('.') ? relative(root, resolve(dirname(file), specifier)) : specifier;
}

/** The imports of the files below `dir` that `bad` picks out, as "file -> target". */
function offending(dir: string, bad: (to: string, file: string) => boolean): string[] {
  return sources(dir).flatMap((file) =>
    importsOf(file)
      .map((specifier) => target(file, specifier))
      .filter((to) => bad(to, relative(dir, file)))
      .map((to) => `${relative(root, file)} -> ${to}`),
  );
}

/** Whether an import's target lies in one folder of the engine. */
const inStage = (to: string, stage: string) => to.startsWith(join('packages/tracer/src', stage) + sep);

const intoApps = (to: string) =>
  to.startsWith(`apps${sep}`) || appNames.some((name) => to === name || to.startsWith(`${name}/`));

/** The engine's files that may read files and load native code: the command line, decoding and drawing PNG. */
const inputOutput = (file: string) =>
  file.startsWith(`cli${sep}`) || file === 'decode.ts' || file === 'png.ts';

describe('where the engine and the contract import from', () => {
  it('reads every source file of both', () => {
    expect(sources(engine).length).toBeGreaterThan(90);
    expect(sources(contract).length).toBeGreaterThan(10);
    expect(importsOf(join(engine, 'cli/main.ts'))).toContain('node:worker_threads');
  });

  it('never imports from the server or the web app', () => {
    expect(offending(engine, intoApps)).toEqual([]);
    expect(offending(contract, intoApps)).toEqual([]);
  });

  it('keeps Node, sharp and resvg to the command line, decoding and PNG: the engine runs in a browser too', () => {
    const native = (to: string, file: string) =>
      !inputOutput(file) && (to.startsWith('node:') || !to.startsWith(`packages${sep}tracer${sep}src`));
    expect(offending(engine, native)).toEqual([]);
  });

  it('keeps the outline core below the stages that use it, and the parameters below every stage', () => {
    const stages = ['bw', 'ink', 'color', 'centerline', 'pixel', 'shapes', 'cut-contour', 'export', 'cli'];
    const upward = (to: string, file: string) =>
      (file.startsWith(`outline${sep}`) && stages.some((stage) => inStage(to, stage))) ||
      (file.startsWith(`ink${sep}`) && stages.some((stage) => stage !== 'ink' && inStage(to, stage))) ||
      (['params.ts', 'model.ts', 'settings.ts'].includes(file) &&
        [...stages, 'outline'].some((stage) => inStage(to, stage)));
    expect(offending(engine, upward)).toEqual([]);
  });

  it('keeps each mode to itself: what two modes share lives below them both', () => {
    const modes = ['bw', 'color', 'pixel', 'centerline'];
    const acrossModes = (to: string, file: string) =>
      modes.some(
        (mode) => file.startsWith(mode + sep) && modes.some((other) => other !== mode && inStage(to, other)),
      );
    expect(offending(engine, acrossModes)).toEqual([]);
  });

  it('keeps geometry below every stage: it imports only itself and the model', () => {
    const model = join('packages/tracer/src', 'model.js');
    const aboveGeometry = (to: string, file: string) =>
      file.startsWith(`geometry${sep}`) && !inStage(to, 'geometry') && to !== model;
    expect(sources(join(engine, 'geometry')).length).toBeGreaterThan(5);
    expect(offending(engine, aboveGeometry)).toEqual([]);
  });

  it('keeps the model at the bottom: it imports nothing', () => {
    expect(importsOf(join(engine, 'model.ts'))).toEqual([]);
  });
});
