import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { acceptedImageMimeTypes, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { AppError } from '../../errors.js';
import { type AddressAllowance, mayReach } from '../../public-address.js';

/** Redirects an image URL may take (each to a public address again). */
const MAX_REDIRECTS = 3;

export interface ImageUrlLimits {
  allowance: AddressAllowance;
  timeoutMs: number;
  maxBytes?: number;
}

const refused = (why: string) => new AppError(400, 'url_not_allowed', `image.url ${why}.`);
const unreachable = (why: string) =>
  new AppError(422, 'url_unreachable', `The image at image.url could not be read: ${why}.`);

/**
 * Reads the image at a URL given to the API: http or https only, to public addresses only (the
 * address checked is the one connected to, so a name that resolves elsewhere later cannot slip
 * past), at most three redirects, each checked again, within the size and time limits.
 */
export async function readImageUrl(
  text: string,
  limits: ImageUrlLimits,
): Promise<{ bytes: Buffer; fileName: string }> {
  let url = parseUrl(text);
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop++) {
    const response = await get(url, limits.allowance, deadline).catch((err) => {
      if (err instanceof AppError) throw err;
      if (deadline.aborted) throw unreachable(`it did not answer within ${limits.timeoutMs / 1000} seconds`);
      throw unreachable((err as NodeJS.ErrnoException).code ?? (err as Error).message);
    });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw unreachable(`it redirected more than ${MAX_REDIRECTS} times`);
      url = parseUrl(new URL(location, url).href);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw unreachable(`its server answered ${status}`);
    }
    const bytes = await readBody(response, limits.maxBytes ?? MAX_UPLOAD_BYTES, deadline, limits.timeoutMs);
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    return { bytes, fileName: name };
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('must be an http or https URL');
  if (url.username || url.password) throw refused('must not carry a user name or password');
  return url;
}

function get(url: URL, allowance: AddressAllowance, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a lookup: it is checked here.
  if (isIP(host) && !mayReach(host, allowance)) throw refused('must point to a public address');
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      // Every address the name has must be public: the connection may take any of them.
      if (addresses.length === 0 || addresses.some((a) => !mayReach(a.address, allowance))) {
        return callback(refused('must point to a public address'), '', 4);
      }
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      lookup,
      signal,
      headers: { accept: acceptedImageMimeTypes.join(', '), 'user-agent': 'Vectrace (image.url)' },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  deadline: AbortSignal,
  timeoutMs: number,
) {
  const tooLarge = () =>
    new AppError(
      413,
      'image_too_large',
      `The image at image.url is larger than ${maxBytes / 1024 / 1024} MB. Please scale it down or compress it and try again.`,
    );
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (deadline.aborted) throw unreachable(`it did not arrive within ${timeoutMs / 1000} seconds`);
    throw unreachable('the connection broke off');
  }
  return Buffer.concat(chunks);
}
