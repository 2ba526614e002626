import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A body must arrive at least this fast, measured over each window: 256 KB per 30 s (68 kbit/s).
 * A trickle (a byte every 5 s, or 70 KB every 29 s) never does; a 10 MB upload going this slowly
 * would miss the whole-request deadline below anyway.
 */
export const MIN_BODY_BYTES_PER_SECOND = (256 * 1024) / 30;

/**
 * The HTTP server's own deadlines: the headers within 20 s, the whole request within 10 minutes
 * (a 10 MB upload at 140 kbit/s fits), checked every second. Node checks them every 30 s by
 * default, which let headers take up to 50 s.
 */
export const requestDeadlines = {
  headersTimeout: 20_000,
  requestTimeout: 10 * 60_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** An answer written straight to the socket, before or instead of the app's own, then closed. */
function endWith(socket: Socket, status: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
}

/**
 * Bounds what a slow or greedy client holds: a request body that arrives slower than
 * MIN_BODY_BYTES_PER_SECOND over a window (30 s) is ended with 408, so a 10 MB upload on a slow
 * line goes through while a trickle does not; and one address holds at most
 * `connectionsPerAddress` connections (not behind a proxy, where every connection comes from the
 * proxy's address and the proxy is the one to limit them). The header deadline is the server's
 * own (requestDeadlines).
 */
export function limitSlowClients(
  app: FastifyInstance,
  options: { bodyWindowMs: number; connectionsPerAddress: number; behindProxy: boolean },
): void {
  const minBytesPerWindow = Math.round((MIN_BODY_BYTES_PER_SECOND * options.bodyWindowMs) / 1000);
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'];
    if (!hasBody || raw.complete) return;
    const socket = raw.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (arrived >= minBytesPerWindow) return;
      clearInterval(timer);
      request.log.warn({ arrived }, 'request body too slow; ended with 408');
      endWith(
        socket,
        '408 Request Timeout',
        `The request took too long to arrive (less than ${Math.round(minBytesPerWindow / 1024)} KB in ${options.bodyWindowMs / 1000} s). Please check your connection and try again.`,
      );
    }, options.bodyWindowMs);
    timer.unref();
    // Removed once the body has come: a kept-alive socket serves many requests.
    const stop = () => clearInterval(timer);
    raw.once('end', () => {
      stop();
      socket.off('close', stop);
    });
    socket.once('close', stop);
  });

  if (options.behindProxy) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (count > options.connectionsPerAddress) {
      endWith(
        socket,
        '429 Too Many Requests',
        `Too many connections from your address (at most ${options.connectionsPerAddress} at once). Close some and try again.`,
      );
    }
  });
}
