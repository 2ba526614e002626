import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs cookies and upload URLs when SESSION_SECRET is unset: the embedded default
 * keeps it beside its data, so restarts keep cookies and URLs valid.
 */
export function localSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  const existing = readSecret(file);
  if (existing) return existing;
  // None yet, or a file cut short by a crash while it was written: (re)make it.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret.length >= 32 ? secret : undefined;
  } catch {
    return undefined;
  }
}
