import { readFileSync } from 'node:fs';

/** The oldest Node.js release the CLI and the server run on: the package's `engines` (">=22.12"). */
const oldest: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).engines.node.replace(/^>=\s*/, '');

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** Whether a Node.js version (such as `20.20.2`) is older than `oldest`. */
function isTooOld(version: string): boolean {
  const have = parts(version);
  const need = parts(oldest);
  for (let k = 0; k < need.length; k++) {
    if ((have[k] ?? 0) !== need[k]) return (have[k] ?? 0) < need[k];
  }
  return false;
}

/**
 * Ends the process with one sentence when this Node.js is too old, before anything native is
 * loaded: better-sqlite3 built for a newer Node ends an older one with a bare segmentation fault.
 * Every entry point (the CLI, `npm start`, the worker, `npm run migrate`) calls it first and
 * imports the rest afterwards.
 */
export function exitOnOldNode(program: string): void {
  const found = process.versions.node;
  if (!isTooOld(found)) return;
  process.stderr.write(
    `${program} needs Node.js ${oldest} or newer (22 or 24), and this is Node.js ${found}.\n`,
  );
  process.exit(1);
}
