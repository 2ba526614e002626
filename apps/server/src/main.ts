import { loadConfig } from './config.js';
import { startServer } from './server.js';

// `npm start`: serve the product on the embedded default unless the environment says otherwise.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const server = await startServer(config);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    server.app.log.info(`${signal}: shutting down`);
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
