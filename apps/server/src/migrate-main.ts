import { exitOnOldNode } from '@vectrace/tracer/supported-node';

// `npm run migrate`: on a Node.js that can load the database drivers, bring the schema up to date
// (migrate-process.ts).
exitOnOldNode('Vectrace');
await import('./migrate-process.js');
