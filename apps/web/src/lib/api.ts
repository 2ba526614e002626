import type { QueryFunction } from '@tanstack/react-query';

/** A non-success answer: the status for code, the server's sentence as the message a person reads. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The server answers errors as JSON `{ message }`; that sentence is the body a person reads.
function bodyText(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // not JSON: the text as it is
  }
  return text;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, bodyText(text));
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

/** The message of anything thrown, for a toast. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
