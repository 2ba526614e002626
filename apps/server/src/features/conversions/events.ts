import type { Conversion } from '@vectrace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, sendError } from '../../errors.js';
import { MAX_STREAMS_PER_OWNER } from '../limits/index.js';
import { type Owner, ownerKeyOf } from '../owner.js';
import { findOwnedConversion } from './queries.js';
import { toConversion } from './to-conversion.js';

// The database is the one place every process writes a conversion's state to, so each stream
// reads it there: a trace finishing in another process is seen as soon as one in this one.
const READ_EVERY_MS = 150;
const HEARTBEAT_MS = 15_000;
// A stream ends after this; the browser's EventSource opens a new one by itself.
const STREAM_MAX_MS = 5 * 60_000;

const ended = (c: Conversion) => c.expired || c.status === 'completed' || c.status === 'failed';

/**
 * `GET /api/conversions/{id}/events`: the conversion now and at each change, as server-sent
 * events, until it has ended or the server shuts down. The caller has checked that the conversion
 * is the owner's.
 */
export async function streamConversion(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: Owner,
  id: string,
  isPro: boolean,
  shutdown: AbortSignal,
): Promise<void> {
  // A stream's slot lapses a minute after its longest life, should its process die holding it.
  const release = await deps.slots.take('stream', ownerKeyOf(owner), MAX_STREAMS_PER_OWNER);
  if (!release) {
    return sendError(
      reply,
      new AppError(429, 'rate_limited', 'Too many progress streams are open; close some tabs and try again.'),
    );
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });

  let closed = false;
  const started = Date.now();
  let lastSent = '';
  let lastWrite = Date.now();
  request.raw.on('close', () => {
    closed = true;
  });
  try {
    while (!closed && Date.now() - started < STREAM_MAX_MS && !shutdown.aborted) {
      const row = await findOwnedConversion(deps.db, id, owner);
      if (!row) break;
      const conversion = await toConversion(deps, row, isPro);
      const json = JSON.stringify(conversion);
      if (json !== lastSent) {
        res.write(`event: conversion\ndata: ${json}\n\n`);
        lastSent = json;
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite > HEARTBEAT_MS) {
        res.write(': still here\n\n');
        lastWrite = Date.now();
      }
      if (ended(conversion)) break;
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    }
  } catch (err) {
    request.log.warn({ err, conversionId: id }, 'conversion stream stopped');
  } finally {
    release();
    res.end();
  }
}
