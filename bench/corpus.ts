import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The two halves of the corpus: monochrome logos and flat-colour illustrations. */
export type Kind = 'bw' | 'color';

/** One input image with its ground truth, paths resolved to absolute files. */
export interface CorpusImage {
  id: string;
  kind: Kind;
  subset: string;
  file: string;
  gt: string;
  width: number;
  height: number;
}

/** The images of one subset, e.g. bw/png256, in manifest order. */
export interface Subset {
  kind: Kind;
  name: string;
  images: CorpusImage[];
}

interface ManifestEntry {
  id: string;
  subset: string;
  file: string;
  gt: string;
  width: number;
  height: number;
}

interface Manifest {
  subsets: string[];
  images: ManifestEntry[];
}

async function readManifest(file: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot read the corpus manifest ${file} (${reason}); set CORPUS_DIR to the corpus folder`,
    );
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The corpus lives beside the repository (../shared/corpus) unless CORPUS_DIR points elsewhere. */
export function corpusDir(): string {
  return path.resolve(process.env.CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus'));
}

/** A subset's label: `bw/png256`. */
export function subsetLabel(subset: { kind: Kind; name: string }): string {
  return `${subset.kind}/${subset.name}`;
}

/**
 * Reads both manifests. `only` keeps the subsets whose name or label matches (`png256` matches
 * bw/png256 and color/png256, `bw` every bw subset); `limit` keeps the first N images of each.
 */
export async function loadSubsets(only: string[] = [], limit = Number.POSITIVE_INFINITY): Promise<Subset[]> {
  const root = corpusDir();
  const subsets: Subset[] = [];
  for (const kind of ['bw', 'color'] as const) {
    const dir = path.join(root, kind);
    const manifest = await readManifest(path.join(dir, 'manifest.json'));
    for (const name of manifest.subsets) {
      const label = subsetLabel({ kind, name });
      if (only.length > 0 && !only.some((o) => o === name || o === label || o === kind)) continue;
      const images = manifest.images
        .filter((entry) => entry.subset === name)
        .slice(0, limit)
        .map((entry) => ({
          id: entry.id,
          kind,
          subset: name,
          file: path.join(dir, entry.file),
          gt: path.join(dir, entry.gt),
          width: entry.width,
          height: entry.height,
        }));
      subsets.push({ kind, name, images });
    }
  }
  return subsets;
}
