/**
 * What a file that is not an image we accept most likely is, judged by its first bytes, in words
 * for the refusal message ("this file is a HEIC image"); undefined when it cannot tell. Only for messages:
 * nothing is ever decoded on the strength of this guess.
 */
export function describeFileKind(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 512));
  const ascii = head.toString('latin1');
  const startsWith = (...signature: number[]) => signature.every((byte, i) => head[i] === byte);

  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (/^(heic|heix|hevc|mif1|msf1)$/.test(brand)) return 'a HEIC image';
    if (/^avi[fs]$/.test(brand)) return 'an AVIF image';
    return 'a video (MP4 or MOV) or HEIF file';
  }
  if (startsWith(0x00, 0x00, 0x01, 0x00)) return 'an ICO icon';
  if (ascii.startsWith('%PDF-')) return 'a PDF document';
  if (startsWith(0x50, 0x4b, 0x03, 0x04)) return 'a ZIP archive (or an Office document)';

  // Text formats: look past a byte order mark and leading white space.
  const text = ascii
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg[\s>])/.test(text)) return 'an SVG drawing';
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(text)) return 'an HTML page';
  if (text.startsWith('<?xml')) return 'an XML document';
  if (head.length > 0 && isText(head)) return 'a text file';
  return undefined;
}

// Printable characters and white space in valid UTF-8, and no control bytes: text, not binary data.
function isText(head: Buffer): boolean {
  const decoded = new TextDecoder('utf-8').decode(head);
  // A UTF-8 sequence cut off at the end of the sample is fine; a replacement character elsewhere is not.
  const body = decoded.replace(/\uFFFD{1,3}$/, '');
  if (body.includes('\uFFFD')) return false;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const whiteSpace = code === 9 || code === 10 || code === 12 || code === 13;
    if ((code < 32 && !whiteSpace) || code === 127) return false;
  }
  return true;
}
