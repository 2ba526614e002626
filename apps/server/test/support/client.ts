// biome-ignore lint/suspicious/noExplicitAny: tests read unknown replies loosely, typed ones with T
type Loose = any;

/** A response as the tests read it: status, headers and the parsed body. */
export interface Reply<T = Loose> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A browser-like HTTP client over real fetch: it keeps cookies between calls and sends the
 * same Origin a browser would, so each client is one visitor.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  /** `headers` go with every request, e.g. X-Forwarded-For to come from another address. */
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Loose>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; body?: string | Uint8Array } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.headers, ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = Loose>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, { headers });
  post = <T = Loose>(path: string, json?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, { json, headers });
}
