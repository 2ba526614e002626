// Writes the API's OpenAPI document, as the built server serves it, to packages/client/openapi.json,
// which the typed client is generated from. `npm run openapi` after changing the API; a server
// test fails while the file and the server disagree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/dist/config.js';
import { startServer } from '../apps/server/dist/server.js';

/** The address the committed document names (its PUBLIC_URL): a server on the embedded default. */
export const DOCUMENT_ORIGIN = 'http://localhost:3000';

const dataDir = mkdtempSync(join(tmpdir(), 'vectrace-openapi-'));
const server = await startServer(
  loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: DOCUMENT_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  }),
);
try {
  const document = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
  const target = new URL('../packages/client/openapi.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${target.pathname}`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
