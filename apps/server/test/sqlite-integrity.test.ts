import { describe, expect, it } from 'vitest';
import { killsUnderWrites } from './support/embedded-load.js';

// The embedded database's promise: killed at any moment, it stays consistent and keeps every
// acknowledged write (WAL, synchronous=NORMAL: durable across application crashes). This file
// runs in the server-load project, which always uses SQLite (vitest.config.ts). Six kills here;
// `npm run bench:load` kills it twenty times and writes what it found to bench/RESULTS.md.
describe('SQLite under kill -9', () => {
  it('6 SIGKILLs under write load: integrity_check says ok and every acknowledged conversion exists', async () => {
    const figures = await killsUnderWrites(6);
    process.stdout.write(`sqlite integrity: ${JSON.stringify(figures)}\n`);
    expect(figures.faults).toEqual([]);
    expect(figures.lost).toEqual([]);
    expect(figures.acknowledged).toBeGreaterThan(6);
  }, 120_000);
});
