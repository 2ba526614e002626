import { describe, expect, it } from 'vitest';
import type { UploadResult } from '../src/lib/upload';
import { canConvert, idleUpload, type UploadState, uploadReducer } from '../src/lib/upload-state';

const result = { fileName: 'logo.png', stableObjectPath: '/objects/uploads/abc' } as UploadResult;

function run(...events: Parameters<typeof uploadReducer>[1][]): UploadState {
  return events.reduce(uploadReducer, idleUpload);
}

describe('the upload state machine', () => {
  it('goes idle -> uploading with a percent -> success', () => {
    expect(run({ type: 'start', fileName: 'logo.png' })).toEqual({
      status: 'uploading',
      fileName: 'logo.png',
      percent: 0,
    });
    expect(run({ type: 'start', fileName: 'logo.png' }, { type: 'progress', percent: 42.4 })).toMatchObject({
      percent: 42,
    });
    expect(run({ type: 'start', fileName: 'logo.png' }, { type: 'done', upload: result })).toEqual({
      status: 'success',
      upload: result,
    });
  });

  it('shows 99% at most until the server has answered, and never goes backwards', () => {
    const state = run({ type: 'start', fileName: 'a.png' }, { type: 'progress', percent: 100 });
    expect(state).toMatchObject({ percent: 99 });
    expect(uploadReducer(state, { type: 'progress', percent: 30 })).toMatchObject({ percent: 99 });
  });

  it('keeps the reason of a failure, and a new file starts over', () => {
    const failed = run({ type: 'start', fileName: 'a.png' }, { type: 'fail', message: 'Upload failed' });
    expect(failed).toEqual({ status: 'error', fileName: 'a.png', message: 'Upload failed' });
    expect(uploadReducer(failed, { type: 'start', fileName: 'b.png' })).toMatchObject({
      status: 'uploading',
      percent: 0,
    });
  });

  it('ignores events that do not apply to the current state', () => {
    expect(run({ type: 'progress', percent: 50 })).toBe(idleUpload);
    expect(run({ type: 'done', upload: result })).toBe(idleUpload);
    const done = run({ type: 'start', fileName: 'a.png' }, { type: 'done', upload: result });
    expect(uploadReducer(done, { type: 'fail', message: 'late' })).toBe(done);
  });

  it('lets Convert be pressed only after an upload finished and while no request is on its way', () => {
    const done = run({ type: 'start', fileName: 'a.png' }, { type: 'done', upload: result });
    expect(canConvert(idleUpload, false)).toBe(false);
    expect(canConvert(run({ type: 'start', fileName: 'a.png' }), false)).toBe(false);
    expect(canConvert(done, false)).toBe(true);
    expect(canConvert(done, true)).toBe(false);
  });
});
