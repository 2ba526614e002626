import { createRequire } from 'node:module';
import { decode } from '../decode.js';
import type { Peer } from './peer.js';

type PotraceModule = typeof import('esm-potrace-wasm');

let loaded: Promise<PotraceModule> | undefined;

/**
 * esm-potrace-wasm's Node branch calls `require` and reads `__dirname`, which an ES module scope
 * lacks; both are provided before its first import. Its wasm is inlined, so nothing is read from them.
 */
function load(): Promise<PotraceModule> {
  if (!loaded) {
    const scope = globalThis as { require?: NodeJS.Require; __dirname?: string };
    scope.require ??= createRequire(import.meta.url);
    scope.__dirname ??= process.cwd();
    loaded = import('esm-potrace-wasm').then(async (module) => {
      await module.init();
      return module;
    });
  }
  return loaded;
}

/**
 * Potrace compiled to wasm, in process: the speed reference, with potrace's default parameters
 * and colour extraction off. It thresholds at 50% luminance itself (like ours, but ignoring
 * alpha, hence the white backdrop); its SVGs were checked identical to those from our own 50%
 * bitmap on all 160 bw corpus images, so no time is spent binarizing in JavaScript.
 */
export const potraceWasm: Peer = {
  name: 'potrace-wasm',
  kinds: ['bw'],
  inProcess: true,
  describe: () =>
    'esm-potrace-wasm, its own 50% cut, turdsize 2, turnpolicy minority, alphamax 1, opttolerance 0.2',
  async prepare() {
    await load();
  },
  async trace(bytes) {
    const { potrace } = await load();
    const image = await decode(bytes, { onWhite: true });
    // The typings ask for a browser ImageBitmapSource; in Node it reads width, height and data.
    const source = image as unknown as Parameters<PotraceModule['potrace']>[0];
    const svg = await potrace(source, {
      turdsize: 2,
      turnpolicy: 4,
      alphamax: 1,
      opticurve: 1,
      opttolerance: 0.2,
      extractcolors: false,
      pathonly: false,
    });
    return { svg };
  },
};
