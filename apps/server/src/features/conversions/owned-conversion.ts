import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import { notFound } from '../../errors.js';
import { requireOwner } from '../owner.js';
import { type ConversionRow, findOwnedConversion } from './queries.js';

/** The asker's conversion, or a 404: another owner's conversion is answered as if it did not exist. */
export async function ownedConversion(db: Db, request: FastifyRequest, id: string): Promise<ConversionRow> {
  const row = await findOwnedConversion(db, id, requireOwner(request));
  if (!row) throw notFound();
  return row;
}
