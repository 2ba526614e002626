import { returnFreedMemory } from './native-memory.js';

// `npm start`: serve the product (serve.ts), once the process keeps its memory in check.
returnFreedMemory();
await import('./serve.js');
