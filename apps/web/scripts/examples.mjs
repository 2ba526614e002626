// The home page's before/after examples, made by the engine itself from the sample images at
// build time, with the settings a new user gets: the automatic mode reads each one.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { toSvg, trace } from '@vectrace/tracer';
import { decodeImage } from '@vectrace/tracer/decode';

const samples = new URL('../public/samples/', import.meta.url);
const out = new URL('../public/examples/', import.meta.url);
mkdirSync(out, { recursive: true });

for (const file of ['logo.png', 'illustration.png', 'sketch.jpg']) {
  const image = await decodeImage(readFileSync(new URL(file, samples)));
  const svg = toSvg(trace(image));
  writeFileSync(new URL(`${file.replace(/\.\w+$/, '')}.svg`, out), svg);
}
