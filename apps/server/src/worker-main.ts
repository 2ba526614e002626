import { exitOnOldNode } from '@vectrace/tracer/supported-node';

// `npm run worker`: trace conversions from the shared queue (worker-process.ts), on a Node.js that
// can load the native modules, once the process keeps its memory in check.
exitOnOldNode('Vectrace');
const { returnFreedMemory } = await import('./native-memory.js');
returnFreedMemory();
await import('./worker-process.js');
