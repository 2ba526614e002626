import { downloadFileName, offers } from '@vectrace/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../../deps.js';
import { AppError, parse } from '../../../errors.js';
import { liveOrTestOf, resultLiveOrTest } from '../../../live-or-test.js';
import { deleteConversionFiles } from '../../conversions/delete-files.js';
import { type ConversionRow, queuePosition } from '../../conversions/queries.js';
import { ownerKeyOfRequest } from '../../limits/export-limits.js';
import {
  assertExportFits,
  canDownload,
  downloadHeaders,
  readResult,
  resultFile,
  writtenInWorker,
} from '../../results/download.js';
import type { ApiDeps } from '../api-deps.js';
import { type Job, type ResultQuery, resultQuerySchema } from './schemas.js';

/** The result file in the asked format and size: the job's own mode unless another is asked. */
export async function sendResult(
  { deps, exportsOf }: ApiDeps,
  reply: FastifyReply,
  row: ConversionRow,
  query: ResultQuery,
) {
  if (row.status === 'failed') throw failed(row);
  const testMark = resultLiveOrTest(row, query.mode) === 'test';
  if (!testMark && !(await canDownload(deps, row))) {
    throw new AppError(
      402,
      'plan_required',
      `Live results come with Pro (${offers.pro.price}/month), or pay for this conversion on the site. To try the API for free, convert with mode=test (results are marked).`,
    );
  }
  const svg = await readResult(deps, row);
  const inWorker = writtenInWorker(query, testMark);
  // 422 result_too_large, before the export is counted.
  if (inWorker) assertExportFits(svg, query.format);
  const release = inWorker ? await exportsOf.export(reply.request) : () => {};
  let file: Buffer;
  try {
    file = await resultFile(deps, svg, query, testMark, ownerKeyOfRequest(reply.request));
  } finally {
    release();
  }
  // Asked to be deleted on download: the files go once the result is written, before it is sent.
  if (JSON.parse(row.resultOptions ?? '{}').retention === 'download') await deleteConversionFiles(deps, row);
  return reply
    .headers(downloadHeaders(query.format, downloadFileName(query.format, row.originalFileName, query)))
    .header('x-job-id', row.id)
    .send(file);
}

/** The job as the API reports it; its resultUrl with the given output options, else those it was asked with. */
export async function toJob(deps: Deps, row: ConversionRow, given?: Partial<ResultQuery>): Promise<Job> {
  const query = parse(resultQuerySchema, given ?? JSON.parse(row.resultOptions ?? '{}'));
  return {
    id: row.id,
    status: row.status as Job['status'],
    mode: liveOrTestOf(row),
    fileName: row.originalFileName,
    position: row.status === 'pending' ? await queuePosition(deps.db, row) : null,
    error: row.status === 'failed' ? row.errorMessage : null,
    vectorCount: row.vectorCount,
    reading: row.status === 'completed' ? row.reading : null,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    expiresAt: row.expiresAt,
    deleted: row.expiredAt !== null,
    resultUrl: `/api/v1/jobs/${row.id}/result?${asked({ ...query, mode: liveOrTestOf(row) })}`,
  };
}

/** The job, with the given status, and the address to poll it at: it keeps the asked output options. */
export async function answerJob(
  deps: Deps,
  reply: FastifyReply,
  row: ConversionRow,
  query: ResultQuery,
  status: number,
) {
  if (row.status === 'failed') throw failed(row);
  const job = await toJob(deps, row);
  // Polling this address keeps every asked output option in the job's resultUrl.
  return reply
    .code(status)
    .header('location', `/api/v1/jobs/${row.id}?${asked({ ...query, mode: liveOrTestOf(row) })}`)
    .send(job);
}

/** Every output option a result was asked with, as a query string. */
function asked(query: ResultQuery & { mode: string }): URLSearchParams {
  const search = new URLSearchParams({ mode: query.mode, format: query.format });
  if (query.width !== undefined) search.set('width', String(query.width));
  if (query.unit !== 'px') search.set('unit', query.unit);
  if (query.background !== 'transparent') search.set('background', query.background);
  return search;
}

/** 422 for a job that failed, with why. */
export const failed = (row: ConversionRow) =>
  new AppError(422, 'conversion_failed', `The conversion failed: ${row.errorMessage ?? 'no result'}`);
