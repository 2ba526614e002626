import { PassThrough, type Readable } from 'node:stream';
import type { DownloadQuery, ZipQuery } from '@vectrace/contract';
import yazl from 'yazl';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type ConversionRow, findOwnedConversion } from '../conversions/queries.js';
import { type Owner, ownerKeyOf } from '../owner.js';
import { tooMany } from '../quotas.js';
import { assertDownloadable, readResult, resultFile } from './download.js';

/**
 * "Download all": the owner's conversions in one ZIP, each file written in the asked format as
 * the archive streams out, one at a time (never the whole archive in memory). Every conversion
 * is checked first, so that a refusal is an answer with a reason, not a broken download.
 *
 * Should an entry fail once the archive is under way (its files deleted by the retention sweep
 * or with the account, the bucket down), the archive ends there with that error: `onFailure`
 * logs its cause, and the answer is cut off before its last chunk, so the browser reports a
 * failed download rather than keeping a shorter ZIP as if it were whole. Nothing of it is left
 * without an `error` listener: an error there would end the process, and every request on it.
 */
export async function zipOfResults(
  deps: Deps,
  owner: Owner,
  query: ZipQuery,
  onFailure: (err: unknown) => void,
): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
  const rows: ConversionRow[] = [];
  for (const id of query.ids) {
    const row = await findOwnedConversion(deps.db, id, owner);
    if (!row) throw notFound();
    // Paid (or Pro) and available, or the refusal with its reason (402, 409, 410).
    await assertDownloadable(deps, row);
    rows.push(row);
  }
  const release = await deps.slots.take('zip', ownerKeyOf(owner), 1);
  if (!release) throw tooMany('A ZIP of your conversions is being written already', 5000);

  const zip = new yazl.ZipFile();
  // A PassThrough, typed by yazl as the older interface.
  const out = zip.outputStream as Readable;
  let ended = false;
  const fail = (err: Error) => {
    if (ended) return;
    ended = true;
    onFailure(err);
    release();
    // Destroyed with the error: the server cuts the answer off instead of ending it well.
    out.destroy(err);
  };
  zip.on('error', fail);
  // Writes yazl still makes after the end (ERR_STREAM_DESTROYED) have nowhere to go.
  out.on('error', () => {});
  for (const event of ['close', 'end']) out.once(event, release);
  // The client gone: the files not yet written are not written for no one.
  out.once('close', () => {
    ended = true;
  });

  const names = entryNames(rows, query.format);
  const format: DownloadQuery = { format: query.format, width: query.width, unit: query.unit };
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i] as string, (done) => {
      if (ended) return done(new Error('The ZIP was ended before this file'), null as never);
      readResult(deps, row)
        .then((svg) => resultFile(deps, svg, format, false, ownerKeyOf(owner)))
        .then((bytes) => {
          const stream = new PassThrough();
          stream.end(bytes);
          done(null, stream);
        })
        .catch((err: Error) =>
          done(
            new Error(`${names[i]} (conversion ${row.id}) could not be written: ${err.message}`, {
              cause: err,
            }),
            null as never,
          ),
        );
    });
  });
  zip.end();
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
