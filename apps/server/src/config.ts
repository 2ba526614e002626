import { readEnvironment } from './config/read.js';
import { type Config, shapeConfig } from './config/shape.js';

// The configuration, made once at start-up in two steps: config/read.ts reads the environment
// (the only file that does) and types each variable; config/shape.ts checks the settings against
// each other and derives the configuration the server runs with, taking the secret that signs
// cookies from config/secrets.ts when none is set.

export { ConfigError, configVariables } from './config/read.js';
export type { Config, ExportLimits, PaymentsConfig, Quotas, S3Config } from './config/shape.js';

/** Reads and validates the environment; throws one error naming every bad variable. */
export function loadConfig(env?: NodeJS.ProcessEnv): Config {
  return shapeConfig(readEnvironment(env));
}
