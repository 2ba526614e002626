import { returnFreedMemory } from './native-memory.js';

// `npm run worker`: trace conversions from the shared queue (worker-process.ts), once the process
// keeps its memory in check.
returnFreedMemory();
await import('./worker-process.js');
