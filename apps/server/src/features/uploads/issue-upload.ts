import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, type UploadTicket } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { planTypeOf } from '../auth/queries.js';
import { checkImageQuota, lockOwner } from '../limits/quotas.js';
import type { Owner } from '../owner.js';
import { insertUpload } from './queries.js';
import { issuedTo, signUpload, UPLOAD_URL_TTL_MS } from './signing.js';

/** Within the owner's image quota (Pro has none), records a new upload for the owner; its id. */
export async function newUpload(deps: Deps, owner: Owner): Promise<string> {
  const { db, clock, config } = deps;
  const id = randomUUID();
  await db.transaction().execute(async (tx) => {
    await lockOwner(tx, owner);
    const pro = owner.userId && (await planTypeOf(tx, owner.userId)) === 'pro';
    if (!pro) await checkImageQuota(tx, owner, config.quotas, clock());
    await insertUpload(tx, id, owner, clock());
  });
  return id;
}

/** A new upload for the owner, and its single-use PUT address under `base`, signed. */
export async function issueUpload(deps: Deps, owner: Owner, base: string): Promise<UploadTicket> {
  const id = await newUpload(deps, owner);
  const expires = deps.clock().getTime() + UPLOAD_URL_TTL_MS;
  const grant = { uploadId: id, owner: issuedTo(owner), expires, maxBytes: MAX_UPLOAD_BYTES };
  const signature = signUpload(deps.config.secret, grant);
  return {
    uploadURL: `${base}/api/objects/uploads/${id}?expires=${expires}&signature=${signature}`,
    objectPath: `/objects/uploads/${id}`,
  };
}
