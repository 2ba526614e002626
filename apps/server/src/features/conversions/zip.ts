import { PassThrough } from 'node:stream';
import type { DownloadQuery, ZipQuery } from '@vectrace/contract';
import yazl from 'yazl';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type Owner, ownerKeyOf } from '../owner.js';
import { tooMany } from '../quotas.js';
import { assertDownloadable, readResult, resultFile } from './download.js';
import { type ConversionRow, findOwnedConversion } from './queries.js';

/** A ZIP's slot lapses after this, should its process die writing it. */
const ZIP_SLOT_MS = 30 * 60_000;

/**
 * "Download all": the owner's conversions in one ZIP, each file written in the asked format as
 * the archive streams out, one at a time (never the whole archive in memory). Every conversion
 * is checked first, so that a refusal is an answer with a reason, not a broken download.
 */
export async function zipOfResults(
  deps: Deps,
  owner: Owner,
  query: ZipQuery,
): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
  const rows: ConversionRow[] = [];
  for (const id of query.ids) {
    const row = await findOwnedConversion(deps.db, id, owner);
    if (!row) throw notFound();
    // Paid (or Pro) and available, or the refusal with its reason (402, 409, 410).
    await assertDownloadable(deps, row);
    rows.push(row);
  }
  const release = await deps.slots.take('zip', ownerKeyOf(owner), 1, ZIP_SLOT_MS);
  if (!release) throw tooMany('A ZIP of your conversions is being written already', 5000);

  const zip = new yazl.ZipFile();
  const names = entryNames(rows, query.format);
  const format: DownloadQuery = { format: query.format, width: query.width, unit: query.unit };
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i] as string, (done) => {
      readResult(deps, row)
        .then((svg) => resultFile(deps, svg, format))
        .then((bytes) => {
          const stream = new PassThrough();
          stream.end(bytes);
          done(null, stream);
        })
        .catch((err: Error) => done(err, null as never));
    });
  });
  zip.end();
  const out = zip.outputStream;
  for (const event of ['close', 'error', 'end']) out.once(event, release);
  return { fileName: `vectrace-${rows.length}-files.zip`, stream: out };
}

/** Each file named after its original, in the format, made unique: logo.pdf, logo (2).pdf. */
function entryNames(rows: ConversionRow[], format: string): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = safeName(row.originalFileName.replace(/\.[^.]*$/, '')) || 'image';
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? `${base}.${format}` : `${base} (${count}).${format}`;
  });
}

/** A name any file system takes: no separators, reserved or control characters. */
function safeName(name: string): string {
  return [...name].map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('');
}
