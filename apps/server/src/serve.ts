import { type Config, loadConfig } from './config.js';
import { type RunningServer, startServer } from './server.js';
import { exitOnStartupProblem } from './startup.js';

// Serves the product on the embedded default unless the environment says otherwise (`npm start`).
let config: Config | undefined;
let server: RunningServer;
try {
  config = loadConfig();
  server = await startServer(config);
} catch (err) {
  exitOnStartupProblem(err, config);
}

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
