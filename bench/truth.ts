import { readFile } from 'node:fs/promises';
import type { CorpusImage } from './corpus.js';
import { darkMask, rgb } from './metrics.js';
import { render } from './render.js';

/** A ground truth rendered once: its dark mask (bw) or RGB pixels (color). */
export interface Truth {
  width: number;
  height: number;
  data: Uint8Array;
}

const cache = new Map<string, Promise<Truth>>();

/** The rendered ground truth of an image, shared by every subset and engine that uses it. */
export function groundTruth(image: CorpusImage): Promise<Truth> {
  let truth = cache.get(image.gt);
  if (!truth) {
    truth = readFile(image.gt, 'utf8').then((svg) => {
      const rendered = render(svg);
      const data = image.kind === 'bw' ? darkMask(rendered) : rgb(rendered);
      return { width: rendered.width, height: rendered.height, data };
    });
    cache.set(image.gt, truth);
  }
  return truth;
}
