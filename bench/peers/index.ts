import type { TraceSettings } from '@vectrace/tracer';
import type { Peer } from './peer.js';
import { potraceCli } from './potrace-cli.js';
import { potraceWasm } from './potrace-wasm.js';
import { vectrace } from './vectrace.js';
import { vtracer } from './vtracer.js';

/** Engine names, in table order. */
export const PEER_NAMES = ['vectrace', 'potrace', 'potrace-wasm', 'vtracer'] as const;

/** The engines to run: all of them, or those named in `only`; vectrace with the given overrides. */
export function selectPeers(only: string[], overrides: Partial<TraceSettings>): Peer[] {
  const unknown = only.filter((name) => !(PEER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown engine ${unknown.join(', ')}; choose from ${PEER_NAMES.join(', ')}`);
  const all = [vectrace(overrides), potraceCli, potraceWasm, vtracer];
  return only.length === 0 ? all : all.filter((peer) => only.includes(peer.name));
}
