import type { Point } from '@vectrace/tracer';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { liveOrTestOf } from '../../live-or-test.js';
import { ObjectNotFoundError, previewKey } from '../../storage/object-store.js';
import { type ConversionRow, findConversion } from '../conversions/queries.js';
import { RENDERS_AT_ONCE_PER_OWNER } from '../limits/index.js';
import { tooMany } from '../limits/too-many.js';
import { type Owner, ownerKeyOf } from '../owner.js';
import { readResult } from './download.js';
import type { FileWorkers } from './file-workers.js';
import { PreviewCache } from './preview-cache.js';
import type { Region } from './preview-region.js';

/** Results larger than this are not drawn: drawing one takes about 8 MB of memory per MB (preview.ts). */
export const MAX_PREVIEW_SVG_BYTES = 32 * 1024 * 1024;

/**
 * Previews of results, each drawn once: the whole-result preview is kept in the object store
 * beside the result (deleted with it), the viewer's regions in a bounded memory cache. Requests
 * for a render already under way wait for it rather than start another, and one owner has at
 * most RENDERS_AT_ONCE_PER_OWNER renders going.
 */
export function previewsOf(deps: Deps, renderer: FileWorkers) {
  const regions = new PreviewCache(64 * 1024 * 1024);
  const underWay = new Map<string, Promise<Buffer>>();

  async function draw(
    row: ConversionRow,
    owner: Owner,
    region: Region | null,
    watermark: boolean,
  ): Promise<Buffer> {
    const svg = await readResult(deps, row);
    // The mark is fixed to the picture's content, not to the conversion or the upload: re-tunings
    // and uploads of copies get the same mark, which combining their previews cannot take off.
    const png = await renderer.render({
      svg,
      region,
      watermark: watermark ? markAnchor(row) : null,
      testMark: liveOrTestOf(row) === 'test',
      owner: ownerKeyOf(owner),
    });
    if (region) {
      regions.set(cacheKey(row, region, watermark), png);
      return png;
    }
    const key = previewKey(row.id, watermark);
    await deps.store.write(key, png);
    // Deleted meanwhile (retention, the account): the sweep has passed, so this file goes now.
    const still = await findConversion(deps.db, row.id);
    if (!still || still.expiredAt) await deps.store.delete(key);
    return png;
  }

  return async function preview(
    row: ConversionRow,
    owner: Owner,
    region: Region | null,
    watermark: boolean,
  ): Promise<Buffer> {
    if ((row.fileSize ?? 0) > MAX_PREVIEW_SVG_BYTES) {
      const mb = Math.round((row.fileSize ?? 0) / 1024 / 1024);
      throw new AppError(
        422,
        'result_too_large',
        `This result is too large to preview (${mb} MB; previews are drawn for results up to ${MAX_PREVIEW_SVG_BYTES / 1024 / 1024} MB). Try the draft quality, fewer colors or a smaller image.`,
      );
    }
    const key = cacheKey(row, region, watermark);
    const cached = region ? regions.get(key) : await readStored(deps, previewKey(row.id, watermark));
    if (cached) return cached;
    const running = underWay.get(key);
    if (running) return running;

    // Registered before the owner's slot is taken (which may wait on Redis): the same render
    // asked again meanwhile joins this one.
    const render = (async () => {
      const release = await deps.slots.take('preview', ownerKeyOf(owner), RENDERS_AT_ONCE_PER_OWNER);
      if (!release) throw tooMany('Previews of your conversions are being drawn already', 2000);
      try {
        return await draw(row, owner, region, watermark);
      } finally {
        release();
      }
    })().finally(() => underWay.delete(key));
    underWay.set(key, render);
    return render;
  };
}

/** Where the result's mark is fixed: its content's middle; the corner for results traced before. */
function markAnchor(row: ConversionRow): Point {
  const [x, y] = (row.markAnchor ?? '0 0').split(' ').map(Number);
  return { x: x ?? 0, y: y ?? 0 };
}

const cacheKey = (row: ConversionRow, region: Region | null, watermark: boolean) =>
  `${row.id}:${watermark}:${JSON.stringify(region)}`;

async function readStored(deps: Deps, key: string): Promise<Buffer | undefined> {
  try {
    return await deps.store.read(key);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) return undefined;
    throw err;
  }
}
