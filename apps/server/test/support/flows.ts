import type { Conversion, ConversionSettings, UploadTicket } from '@vectrace/contract';
import { expect } from 'vitest';
import type { Client, Reply } from './client.js';

let userCount = 0;

/** Signs up a new user on the client and returns its credentials. */
export async function register(client: Client, name = `user${process.pid}x${++userCount}`) {
  const credentials = { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
  const reply = await client.post('/api/register', credentials);
  expect(reply.status, reply.text).toBe(201);
  return credentials;
}

/** Asks for a signed URL and PUTs the bytes to it; returns the ticket and the PUT's reply. */
export async function upload(client: Client, bytes: Uint8Array, contentType = 'image/png') {
  const ticket = await client.post<UploadTicket>('/api/objects/upload');
  expect(ticket.status, ticket.text).toBe(200);
  const put = await fetch(ticket.body.uploadURL, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  return { ticket: ticket.body, put: { status: put.status, body: await put.json().catch(() => undefined) } };
}

/** Uploads and starts a conversion; returns the creation reply. */
export async function startConversion(
  client: Client,
  bytes: Uint8Array,
  originalFileName = 'logo.png',
  settings: Partial<ConversionSettings> = {},
): Promise<Reply<Conversion>> {
  const { ticket, put } = await upload(client, bytes);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return client.post<Conversion>('/api/conversions', {
    originalFileName,
    originalFileUrl: ticket.objectPath,
    settings,
  });
}

/** Polls the conversion (as the web app does, every 100 ms here) until it is completed or failed. */
export async function settled(client: Client, id: string, timeoutMs = 30_000): Promise<Conversion> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.get<Conversion>(`/api/conversions/${id}`);
    expect(reply.status, reply.text).toBe(200);
    if (reply.body.status === 'completed' || reply.body.status === 'failed') return reply.body;
    if (Date.now() > end)
      throw new Error(`conversion ${id} still ${reply.body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads, converts and waits for the outcome. */
export async function convert(
  client: Client,
  bytes: Uint8Array,
  name = 'logo.png',
  settings: Partial<ConversionSettings> = {},
) {
  const created = await startConversion(client, bytes, name, settings);
  expect(created.status, created.text).toBe(201);
  return settled(client, created.body.id);
}
