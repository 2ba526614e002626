/**
 * The image of a call: a file's path (Node.js), its bytes (a `Blob` or `File`, a `Uint8Array` such
 * as a Buffer), a stream of its bytes (a web `ReadableStream` or a Node.js stream such as
 * `fs.createReadStream`), or where the server reads it from (`{ url }`, `{ base64 }`).
 */
export type ImageInput =
  | string
  | Blob
  | Uint8Array
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | { url: string }
  | { base64: string };

/** The name an upload gets when nothing names it: its result is then `image.svg`. */
const UNNAMED = 'image';

/**
 * The image as the form's field `image` (or `image.url`, `image.base64`), named after its file: the
 * `fileName` given, else a path's base name, a `File`'s or a file stream's name. The server names
 * the result after it (`logo.png` gives `logo.pdf`).
 */
export async function imageField(
  image: ImageInput,
  fileName: string | undefined,
): Promise<{ name: string; value: string } | { name: 'image'; value: Blob; fileName: string }> {
  if (typeof image === 'string') {
    return { name: 'image', value: await openFile(image), fileName: fileName ?? baseName(image) };
  }
  if (image instanceof Blob) {
    const own = 'name' in image && typeof image.name === 'string' ? image.name : undefined;
    return { name: 'image', value: image, fileName: fileName ?? (own || UNNAMED) };
  }
  if (image instanceof Uint8Array) {
    return { name: 'image', value: new Blob([new Uint8Array(image)]), fileName: fileName ?? UNNAMED };
  }
  if ('url' in image) return { name: 'image.url', value: image.url };
  if ('base64' in image) return { name: 'image.base64', value: image.base64 };
  // A stream is read whole first: a call tried again after a 429 sends the same bytes again.
  if (image instanceof ReadableStream) {
    return { name: 'image', value: await new Response(image).blob(), fileName: fileName ?? UNNAMED };
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of image) chunks.push(new Uint8Array(chunk));
  const path = (image as { path?: unknown }).path;
  const own = typeof path === 'string' ? baseName(path) : undefined;
  return { name: 'image', value: new Blob(chunks), fileName: fileName ?? own ?? UNNAMED };
}

/** `logo.png` of `art/logo.png` or `C:\art\logo.png`. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || UNNAMED;
}

/** The file at `path` as a Blob that reads it when sent (Node.js only). */
async function openFile(path: string): Promise<Blob> {
  const specifier = 'node:fs';
  let fs: { openAsBlob(path: string): Promise<Blob> };
  try {
    fs = await import(specifier);
  } catch {
    throw new TypeError(
      `An image given as a path (${path}) is read with Node.js: here, give its bytes as a Blob or a Uint8Array.`,
    );
  }
  return fs.openAsBlob(path);
}
