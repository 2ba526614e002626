import createClient from 'openapi-fetch';
import { type ImageInput, imageField } from './image.js';
import { type RetryOptions, retryAfterMs, retryingFetch, sleep } from './retry.js';
import type { components, operations, paths } from './schema.js';

export type { ImageInput } from './image.js';
export type { RetryOptions } from './retry.js';

/** A job: a conversion, its status and where its result is. */
export type Job = components['schemas']['Job'];
/** A page of jobs, newest first, and the address of the next page (null on the last). */
export type JobList = components['schemas']['JobList'];
/** The account of the key: its plan and what is left of its limits. */
export type Account = components['schemas']['Account'];
/** The options of `vectorize`: output (mode, format, width, unit, background) and tracing settings. */
export type VectorizeOptions = NonNullable<operations['vectorize']['parameters']['query']>;
/** How a finished result is written: mode, format, width, unit, background. */
export type ResultOptions = NonNullable<operations['getJobResult']['parameters']['query']>;

/** A result file: its bytes, media type and file name, and the job that made it. */
export interface ResultFile {
  jobId: string;
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** What every call takes: a signal that cancels it, its waits between tries and polls included. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** How `vectorize` sends the image and waits for its result. */
export interface VectorizeControl extends CallOptions {
  /**
   * Makes the call once on the server however often it is sent (1 to 255 visible characters). The
   * client makes one for each call when none is given, so that a call answered 429 or 503 is
   * tried again safely.
   */
  idempotencyKey?: string;
  /** The upload's name, after which the result is named (`logo.png` gives `logo.svg`). */
  fileName?: string;
  /** How often the job is read while it converts, in milliseconds (default 500). */
  pollMs?: number;
  /** How long to wait for the result in all, in milliseconds (default 120000). */
  timeoutMs?: number;
}

/** An answer of the API that is an error: its HTTP status, stable code and sentence. */
export class VectraceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When to try again, in seconds, as a 429 or 503 said it (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'VectraceError';
  }
}

export interface ClientOptions {
  /** An API key from the account page (`vt_...`). */
  apiKey: string;
  /** The server, e.g. `https://vectrace.example`. */
  baseUrl: string;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Calls answered 429 or 503 are tried again after their `Retry-After`, within these bounds. */
  retry?: RetryOptions;
}

/**
 * A client of the Vectrace API. `api` is every operation of the OpenAPI document, typed, with the
 * client's retries; the other methods are its common uses, which throw a VectraceError on an error
 * answer.
 */
export function createVectrace(options: ClientOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch ?? ((request) => fetch(request)), options.retry),
  });

  async function result(id: string, output: ResultOptions = {}, call: CallOptions = {}): Promise<ResultFile> {
    const answer = await api.GET('/api/v1/jobs/{id}/result', {
      params: { path: { id }, query: output },
      parseAs: 'arrayBuffer',
      signal: call.signal,
    });
    if (answer.error !== undefined) throw toError(answer.response, answer.error);
    return toFile(answer.response, answer.data as ArrayBuffer);
  }

  async function getJob(id: string, call: CallOptions = {}): Promise<Job> {
    const answer = await api.GET('/api/v1/jobs/{id}', { params: { path: { id } }, signal: call.signal });
    if (answer.error !== undefined) throw toError(answer.response, answer.error);
    return answer.data;
  }

  async function listJobs(page: { limit?: number; before?: string } = {}, call: CallOptions = {}) {
    const answer = await api.GET('/api/v1/jobs', { params: { query: page }, signal: call.signal });
    if (answer.error !== undefined) throw toError(answer.response, answer.error);
    return answer.data;
  }

  return {
    api,

    /**
     * Vectorizes an image and gives the result file, waiting (reading the job every `pollMs`) while
     * the trace takes longer than the server's wait.
     */
    async vectorize(
      image: ImageInput,
      settings: VectorizeOptions = {},
      control: VectorizeControl = {},
    ): Promise<ResultFile> {
      const { signal } = control;
      const form = formOf(await imageField(image, control.fileName), settings);
      const answer = await api.POST('/api/v1/vectorize', {
        body: {},
        bodySerializer: () => form,
        parseAs: 'arrayBuffer',
        headers: { 'idempotency-key': control.idempotencyKey ?? crypto.randomUUID() },
        signal,
      });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
      const bytes = answer.data as unknown as ArrayBuffer;
      if (answer.response.status !== 202) return toFile(answer.response, bytes);
      let job = JSON.parse(new TextDecoder().decode(bytes)) as Job;
      const until = Date.now() + (control.timeoutMs ?? 120_000);
      while (job.status === 'pending' || job.status === 'processing') {
        if (Date.now() > until)
          throw new VectraceError(408, 'timeout', `Job ${job.id} is still ${job.status}.`);
        await sleep(control.pollMs ?? 500, signal);
        job = await getJob(job.id, { signal });
      }
      if (job.status === 'failed')
        throw new VectraceError(422, 'conversion_failed', job.error ?? 'The conversion failed.');
      const { mode, format, width, unit, background } = settings;
      return result(job.id, { mode, format, width, unit, background }, { signal });
    },

    getJob,
    result,

    /**
     * A page of the account's jobs, newest first (`limit`: 1 to 100, default 20). For the page after
     * it, give the id of its last job as `before`; `next` is null on the last page.
     */
    listJobs,

    /** Every job of the account, newest first, read a page of `limit` at a time. */
    async *jobs(page: { limit?: number } = {}, call: CallOptions = {}): AsyncGenerator<Job> {
      let before: string | undefined;
      for (;;) {
        const { jobs, next } = await listJobs({ ...page, ...(before ? { before } : {}) }, call);
        yield* jobs;
        if (next === null || jobs.length === 0) return;
        before = jobs[jobs.length - 1].id;
      }
    },

    /** Deletes a job's image and result at once. */
    async deleteJob(id: string, call: CallOptions = {}): Promise<void> {
      const answer = await api.DELETE('/api/v1/jobs/{id}', {
        params: { path: { id } },
        signal: call.signal,
      });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
    },

    /** The plan, the limits and what is left of them. */
    async account(call: CallOptions = {}): Promise<Account> {
      const answer = await api.GET('/api/v1/account', { signal: call.signal });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
      return answer.data;
    },
  };
}

function formOf(image: Awaited<ReturnType<typeof imageField>>, settings: VectorizeOptions): FormData {
  const form = new FormData();
  // The options come before the image: the server reads them first (a free key's live call is
  // refused before its image is read).
  for (const [name, value] of Object.entries(settings))
    if (value !== undefined) form.set(name, String(value));
  if ('fileName' in image) form.set(image.name, image.value, image.fileName);
  else form.set(image.name, image.value);
  return form;
}

function toFile(response: Response, bytes: ArrayBuffer): ResultFile {
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    jobId: response.headers.get('x-job-id') ?? '',
    bytes: new Uint8Array(bytes),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'result',
  };
}

function toError(response: Response, body: unknown): VectraceError {
  const error =
    typeof body === 'object' && body !== null ? (body as { code?: string; message?: string }) : {};
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  return new VectraceError(
    response.status,
    error.code ?? 'http_error',
    error.message ?? `HTTP ${response.status}`,
    retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000),
  );
}
