import { exitOnOldNode } from '@vectrace/tracer/supported-node';

// `npm start`: serve the product (serve.ts), on a Node.js that can load the native modules, once
// the process keeps its memory in check.
exitOnOldNode('Vectrace');
const { returnFreedMemory } = await import('./native-memory.js');
returnFreedMemory();
await import('./serve.js');
