import type { FileRejection } from 'react-dropzone';
import { describe, expect, it } from 'vitest';
import { rejectionMessage } from '../src/lib/file-check';
import { formatSize } from '../src/lib/file-size';

describe('formatSize', () => {
  it('says a size in bytes, KB or MB, as people read it', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(812)).toBe('812 bytes');
    expect(formatSize(86_221)).toBe('84.2 KB');
    // Not "2603.7 KB": a size of megabytes is said in MB.
    expect(formatSize(2_666_189)).toBe('2.5 MB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatSize(100 * 1024)).toBe('100 KB');
  });
});

describe('rejectionMessage', () => {
  const refused = (code: string, size: number, message = 'react-dropzone words') =>
    [{ file: new File([new Uint8Array(size)], 'big.png'), errors: [{ code, message }] }] as FileRejection[];

  it('says a file over the limit in megabytes, with its own size and what to do', () => {
    const message = rejectionMessage(refused('file-too-large', 12 * 1024 * 1024));
    expect(message).toBe('File is larger than 10 MB (12 MB): please scale it down or compress it');
    expect(message).not.toMatch(/10485760|bytes/);
  });

  it('names the accepted types, and passes other reasons on', () => {
    expect(rejectionMessage(refused('file-invalid-type', 10))).toBe(
      'File type must be PNG, JPG, JPEG, WebP, GIF, BMP or TIFF',
    );
    expect(rejectionMessage(refused('too-many-files', 10, 'Too many files'))).toBe('Too many files');
  });
});
