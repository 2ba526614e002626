import type { QueryFunction } from '@tanstack/react-query';
import { type ErrorCode, errorCodeSchema, sessionEndedMessage } from '@vectrace/contract';
import { reportUnauthorized } from './unauthorized';

/**
 * A non-success answer: the status, the server's code to branch on (absent when the answer was not
 * the server's JSON, e.g. a proxy's page) and its sentence as the message a person reads.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The server answers errors as JSON `{ code, message }`; that sentence is the body a person reads.
function errorOf(status: number, text: string): ApiError {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      const code = 'code' in body ? errorCodeSchema.safeParse(body.code).data : undefined;
      return new ApiError(status, body.message, code);
    }
  } catch {
    // not JSON: the text as it is
  }
  return new ApiError(status, text);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  // A signed-in page refused for want of a session says so in the same words wherever it shows
  // the error: the server can tell only while the browser still sends the ended session's cookie.
  if (response.status === 401 && reportUnauthorized()) {
    throw new ApiError(401, sessionEndedMessage, 'unauthorized');
  }
  const text = (await response.text()) || response.statusText;
  throw errorOf(response.status, text);
}

/** A call to the API: cookies sent, JSON body when there is one, errors thrown as ApiError. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** A call whose JSON answer is the result. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  return (await apiRequest(method, url, data)).json() as Promise<T>;
}

/** What a cached GET does with a 401: fail, or yield null (the current-user call). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Cached GETs: the query key's segments joined with slashes are the URL (spec section 7). */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return response.json();
  };
}

/** What a person reads when no answer came back at all: offline, or the server out of reach. */
export function unreachableMessage(): string {
  return navigator.onLine
    ? 'The server could not be reached. Check your connection and try again.'
    : 'You are offline. Connect to the internet and try again.';
}

/**
 * The message of anything thrown, for a toast: the server's sentence, or for a request that got
 * no answer (fetch's TypeError, "Failed to fetch") what happened in words, never the browser's.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof TypeError) return unreachableMessage();
  return error instanceof Error && error.message ? error.message : fallback;
}
