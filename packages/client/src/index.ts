import createClient from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

/** A job: a conversion, its status and where its result is. */
export type Job = components['schemas']['Job'];
/** The account of the key: its plan and what is left of its limits. */
export type Account = components['schemas']['Account'];
/** The options of `vectorize`: output (mode, format, width, unit, background) and tracing settings. */
export type VectorizeOptions = NonNullable<operations['vectorize']['parameters']['query']>;
/** How a finished result is written: mode, format, width, unit, background. */
export type ResultOptions = NonNullable<operations['getJobResult']['parameters']['query']>;
/** The image: its bytes, or where the server reads it from. */
export type ImageInput = Blob | Uint8Array | { url: string } | { base64: string };

/** A result file: its bytes, media type and file name, and the job that made it. */
export interface ResultFile {
  jobId: string;
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** An answer of the API that is an error: its HTTP status, stable code and sentence. */
export class VectraceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
  fetch?: typeof fetch;
}

/**
 * A client of the Vectrace API. `api` is every operation of the OpenAPI document, typed; the
 * other methods are its common uses, which throw a VectraceError on an error answer.
 */
export function createVectrace(options: ClientOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function result(id: string, output: ResultOptions = {}): Promise<ResultFile> {
    const answer = await api.GET('/api/v1/jobs/{id}/result', {
      params: { path: { id }, query: output },
      parseAs: 'arrayBuffer',
    });
    if (answer.error !== undefined) throw toError(answer.response, answer.error);
    return toFile(answer.response, answer.data as ArrayBuffer);
  }

  async function getJob(id: string): Promise<Job> {
    const answer = await api.GET('/api/v1/jobs/{id}', { params: { path: { id } } });
    if (answer.error !== undefined) throw toError(answer.response, answer.error);
    return answer.data;
  }

  return {
    api,

    /**
     * Vectorizes an image and gives the result file, waiting (polling every `pollMs`) while the
     * trace takes longer than the server's wait. With `idempotencyKey`, a retried call makes no
     * second job.
     */
    async vectorize(
      image: ImageInput,
      settings: VectorizeOptions = {},
      control: { idempotencyKey?: string; pollMs?: number; timeoutMs?: number } = {},
    ): Promise<ResultFile> {
      const answer = await api.POST('/api/v1/vectorize', {
        body: {},
        bodySerializer: () => formOf(image, settings),
        parseAs: 'arrayBuffer',
        ...(control.idempotencyKey ? { headers: { 'idempotency-key': control.idempotencyKey } } : {}),
      });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
      const bytes = answer.data as unknown as ArrayBuffer;
      if (answer.response.status !== 202) return toFile(answer.response, bytes);
      let job = JSON.parse(new TextDecoder().decode(bytes)) as Job;
      const until = Date.now() + (control.timeoutMs ?? 120_000);
      while (job.status === 'pending' || job.status === 'processing') {
        if (Date.now() > until)
          throw new VectraceError(408, 'timeout', `Job ${job.id} is still ${job.status}.`);
        await new Promise((resolve) => setTimeout(resolve, control.pollMs ?? 500));
        job = await getJob(job.id);
      }
      if (job.status === 'failed')
        throw new VectraceError(422, 'conversion_failed', job.error ?? 'The conversion failed.');
      const { mode, format, width, unit, background } = settings;
      return result(job.id, { mode, format, width, unit, background });
    },

    getJob,
    result,

    /** A page of the account's jobs, newest first; pass `next` back as `before` for the next. */
    async listJobs(page: { limit?: number; before?: string } = {}) {
      const answer = await api.GET('/api/v1/jobs', { params: { query: page } });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
      return answer.data;
    },

    /** Deletes a job's image and result at once. */
    async deleteJob(id: string): Promise<void> {
      const answer = await api.DELETE('/api/v1/jobs/{id}', { params: { path: { id } } });
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
    },

    /** The plan, the limits and what is left of them. */
    async account(): Promise<Account> {
      const answer = await api.GET('/api/v1/account');
      if (answer.error !== undefined) throw toError(answer.response, answer.error);
      return answer.data;
    },
  };
}

function formOf(image: ImageInput, settings: VectorizeOptions): FormData {
  const form = new FormData();
  if (image instanceof Blob) form.set('image', image, 'image');
  else if (image instanceof Uint8Array) form.set('image', new Blob([new Uint8Array(image)]), 'image');
  else if ('url' in image) form.set('image.url', image.url);
  else form.set('image.base64', image.base64);
  for (const [name, value] of Object.entries(settings))
    if (value !== undefined) form.set(name, String(value));
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
  return new VectraceError(
    response.status,
    error.code ?? 'http_error',
    error.message ?? `HTTP ${response.status}`,
  );
}
