import { mkdirSync } from 'node:fs';
import { type Config, loadConfig } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import { exitOnStartupProblem } from './startup.js';

// `npm run migrate` (migrate-main.ts): brings the database's schema up to date and exits, as a
// release step before new API and worker processes start. (API processes migrate at start too,
// under the migrator's lock, so two never race; on the embedded default that is all there is to it.)
let config: Config | undefined;
try {
  config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { db, dialect } = openDatabase(config, () => {});
  try {
    await migrate(db);
    process.stdout.write(`Database (${dialect}) is up to date.\n`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  exitOnStartupProblem(err, config);
}
