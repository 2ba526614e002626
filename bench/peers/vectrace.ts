import type { TraceSettings } from '@vectrace/tracer';
import type { Kind } from '../corpus.js';
import type { Peer } from './peer.js';

type Engine = typeof import('@vectrace/tracer') & typeof import('@vectrace/tracer/decode');

/**
 * The product's defaults in each mode (the automatic mode's choice aside: each mode is compared
 * with its peers), with any overrides from the command line on top.
 */
export function vectraceSettings(kind: Kind, overrides: Partial<TraceSettings>): Partial<TraceSettings> {
  return { mode: kind, ...overrides };
}

/**
 * Our engine, in process, as the worker runs it: the product's decode, trace, SVG export. It is loaded in
 * `prepare`, so a broken build reports vectrace as unavailable instead of stopping the peers.
 */
export function vectrace(overrides: Partial<TraceSettings> = {}): Peer {
  let engine: Engine | undefined;
  return {
    name: 'vectrace',
    kinds: ['bw', 'color'],
    inProcess: true,
    describe: (kind) => `@vectrace/tracer trace(image, ${JSON.stringify(vectraceSettings(kind, overrides))})`,
    async prepare() {
      engine = { ...(await import('@vectrace/tracer')), ...(await import('@vectrace/tracer/decode')) };
    },
    async trace(bytes, kind) {
      if (!engine) throw new Error('vectrace is not loaded');
      const model = engine.trace(await engine.decodeImage(bytes), vectraceSettings(kind, overrides));
      return { svg: engine.toSvg(model), stages: model.timings };
    },
  };
}
