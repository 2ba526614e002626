/** The oldest Node.js release the CLI and the server run on, as every package.json's `engines` says. */
export const OLDEST_NODE = '22.12.0';

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** Whether a Node.js version (such as `20.20.2`) is older than `OLDEST_NODE`. */
export function isTooOld(version: string): boolean {
  const have = parts(version);
  const need = parts(OLDEST_NODE);
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
    `${program} needs Node.js ${OLDEST_NODE.replace(/\.0$/, '')} or newer (22 or 24), and this is Node.js ${found}.\n`,
  );
  process.exit(1);
}
