import { apiPaths, stableObjectPath, type UploadTicket } from '@vectrace/contract';
import { apiJson, unreachableMessage } from './api';

/** A finished upload (spec section 3, "Upload result"). */
export interface UploadResult {
  file: File;
  /** The signed address the file was sent to. */
  url: string;
  fileName: string;
  /** `/objects/uploads/{id}`: what `POST /api/conversions` names the file by. */
  stableObjectPath: string;
}

/** Sends the raw file to a signed address, reporting progress in percent. */
export function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(`Failed to upload file: ${uploadFailure(request)}`));
    };
    // No answer at all: offline, or the server out of reach, said as such.
    request.onerror = () => reject(new Error(unreachableMessage()));
    request.send(file);
  });
}

// The status text, or the server's sentence when it gave one (a 413 says how large is allowed).
function uploadFailure(request: XMLHttpRequest): string {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // no JSON body
  }
  return request.statusText || String(request.status);
}

/** Asks for a signed upload address, sends the file to it, and names the stored object. */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  const ticket = await apiJson<UploadTicket>('POST', apiPaths.uploadTicket);
  await putFile(ticket.uploadURL, file, onProgress);
  let path = stableObjectPath(ticket.uploadURL);
  if (!path) {
    console.warn('Could not derive a stable object path from the upload URL; using the URL itself');
    path = ticket.uploadURL;
  }
  return { file, url: ticket.uploadURL, fileName: file.name, stableObjectPath: path };
}
