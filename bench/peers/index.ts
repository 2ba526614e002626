import type { TraceSettings } from '@vectrace/tracer';
import { mkbitmapPotrace } from './mkbitmap-potrace.js';
import type { Peer } from './peer.js';
import { potraceCli } from './potrace-cli.js';
import { potraceWasm } from './potrace-wasm.js';
import { vectrace } from './vectrace.js';
import { vtracer } from './vtracer.js';

/** Engine names, in table order. */
export const PEER_NAMES = ['vectrace', 'potrace', 'potrace-wasm', 'mkbitmap+potrace', 'vtracer'] as const;

/** Engines that only the real corpus runs (mkbitmap's filter is for scans, scored on documents). */
const REAL_ONLY = ['mkbitmap+potrace'];
/** Engines that only the synthetic corpus runs (potrace-wasm is its speed reference). */
const SYNTHETIC_ONLY = ['potrace-wasm'];

/**
 * The engines to run on a corpus: all of them, or those named in `only`; vectrace with the given
 * overrides.
 */
export function selectPeers(
  only: string[],
  overrides: Partial<TraceSettings>,
  corpus: 'synthetic' | 'real',
): Peer[] {
  const unknown = only.filter((name) => !(PEER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown engine ${unknown.join(', ')}; choose from ${PEER_NAMES.join(', ')}`);
  const skip = corpus === 'real' ? SYNTHETIC_ONLY : REAL_ONLY;
  const all = [vectrace(overrides), potraceCli, potraceWasm, mkbitmapPotrace, vtracer].filter(
    (peer) => !skip.includes(peer.name),
  );
  return only.length === 0 ? all : all.filter((peer) => only.includes(peer.name));
}

/** Whether a peer runs on documents only (in the real corpus). */
export function documentOnly(peer: Peer): boolean {
  return REAL_ONLY.includes(peer.name);
}
