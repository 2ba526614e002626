import type { Conversion } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import {
  type BatchState,
  batchReducer,
  completedConversionIds,
  emptyBatch,
  firstFiles,
  rowView,
} from '../src/lib/batch-state';
import { runAtMost } from '../src/lib/run-at-most';

const started = batchReducer(emptyBatch, {
  type: 'start',
  files: [
    { key: 'a', fileName: 'a.png' },
    { key: 'b', fileName: 'b.png' },
  ],
  refused: [{ key: 'c', fileName: 'notes.txt', message: 'File type must be PNG, JPG or JPEG' }],
  notice: null,
});

const rowOf = (state: BatchState, index: number) => {
  const row = state.rows[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
};

const conversion = (id: string, fields: Partial<Conversion>) =>
  ({
    id,
    status: 'pending',
    queuePosition: null,
    vectorCount: null,
    expired: false,
    ...fields,
  }) as Conversion;

describe('a batch of images', () => {
  it('lists every chosen image: those to upload waiting, the refused ones failed with why', () => {
    expect(started.rows.map((row) => [row.fileName, rowView(row, undefined).words])).toEqual([
      ['a.png', 'Waiting to upload'],
      ['b.png', 'Waiting to upload'],
      ['notes.txt', 'File type must be PNG, JPG or JPEG'],
    ]);
  });

  it('follows each upload to its conversion; progress only moves forward and waits at 99%', () => {
    let state: BatchState = batchReducer(started, { type: 'upload', key: 'a' });
    state = batchReducer(state, { type: 'progress', key: 'a', percent: 40 });
    state = batchReducer(state, { type: 'progress', key: 'a', percent: 20 });
    expect(rowView(rowOf(state, 0), undefined)).toMatchObject({ words: 'Uploading 40%', percent: 40 });
    state = batchReducer(state, { type: 'progress', key: 'a', percent: 100 });
    expect(rowView(rowOf(state, 0), undefined).words).toBe('Uploading 99%');
    state = batchReducer(state, { type: 'created', key: 'a', conversionId: 'c1' });
    expect(state.rows[0]).toEqual({ key: 'a', fileName: 'a.png', status: 'created', conversionId: 'c1' });
    // A late progress report changes nothing once created.
    expect(batchReducer(state, { type: 'progress', key: 'a', percent: 50 })).toEqual(state);

    state = batchReducer(state, { type: 'upload', key: 'b' });
    state = batchReducer(state, {
      type: 'fail',
      key: 'b',
      message: 'Failed to upload file: Payload Too Large',
    });
    expect(rowView(rowOf(state, 1), undefined)).toMatchObject({
      words: 'Failed to upload file: Payload Too Large',
      tone: 'failed',
      finished: true,
    });
  });

  it('reads a created row from its conversion: queued with its place, converting, done or failed', () => {
    const row = { key: 'a', fileName: 'a.png', status: 'created', conversionId: 'c1' } as const;
    const words = (fields: Partial<Conversion> | null) =>
      rowView(row, fields ? conversion('c1', fields) : undefined).words;
    expect(words(null)).toBe('Starting...');
    expect(words({ status: 'pending', queuePosition: 3 })).toBe('Queued #3');
    expect(words({ status: 'processing' })).toBe('Converting...');
    expect(words({ status: 'completed', vectorCount: 42 })).toBe('Completed · 42 vectors');
    expect(words({ status: 'completed', vectorCount: 1 })).toBe('Completed · 1 vector');
    expect(words({ status: 'failed', errorMessage: 'The image is empty' })).toBe('The image is empty');
    expect(rowView(row, conversion('c1', { status: 'processing' })).finished).toBe(false);
    expect(rowView(row, conversion('c1', { status: 'completed' })).finished).toBe(true);
  });

  it('downloads all of the completed, kept conversions and nothing else', () => {
    const rows = ['c1', 'c2', 'c3', 'c4'].map((id) => ({
      key: id,
      fileName: `${id}.png`,
      status: 'created' as const,
      conversionId: id,
    }));
    const listed = new Map([
      ['c1', conversion('c1', { status: 'completed' })],
      ['c2', conversion('c2', { status: 'processing' })],
      ['c3', conversion('c3', { status: 'completed', expired: true })],
    ]);
    expect(completedConversionIds(rows, listed)).toEqual(['c1']);
  });

  it('takes the first 20 images of more and says so', () => {
    const files = Array.from({ length: 23 }, (_, i) => i);
    const { taken, notice } = firstFiles(files, 20);
    expect(taken).toEqual(files.slice(0, 20));
    expect(notice).toBe('You can convert up to 20 images at once; the first 20 were added.');
    expect(firstFiles(files.slice(0, 20), 20)).toEqual({ taken: files.slice(0, 20), notice: null });
  });

  it('forgets rows whose conversions are gone, and clears', () => {
    let state = batchReducer(started, { type: 'upload', key: 'a' });
    state = batchReducer(state, { type: 'created', key: 'a', conversionId: 'c1' });
    expect(batchReducer(state, { type: 'drop', conversionIds: ['c1'] }).rows.map((r) => r.key)).toEqual([
      'b',
      'c',
    ]);
    expect(batchReducer(state, { type: 'clear' })).toEqual(emptyBatch);
  });
});

describe('uploads at most three at a time', () => {
  it('runs every task in order, never more than the limit at once, and survives a failure', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (n % 3) * 5));
      running -= 1;
      if (n === 4) throw new Error('this one failed');
      done.push(n);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 5, 6, 7]);
  });
});
