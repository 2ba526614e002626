import type { UploadResult } from './upload';

/** The upload zone's state (spec section 4): idle, uploading with a percent, success, error. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; percent: number }
  | { status: 'success'; upload: UploadResult }
  | { status: 'error'; fileName: string; message: string };

export type UploadEvent =
  | { type: 'start'; fileName: string }
  | { type: 'progress'; percent: number }
  | { type: 'done'; upload: UploadResult }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export const idleUpload: UploadState = { status: 'idle' };

/** The upload state machine: events that do not apply to the current state change nothing. */
export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { status: 'uploading', fileName: event.fileName, percent: 0 };
    case 'progress':
      if (state.status !== 'uploading') return state;
      // Progress only moves forward, and 100% waits for the server's answer.
      return { ...state, percent: Math.max(state.percent, Math.min(99, Math.round(event.percent))) };
    case 'done':
      return state.status === 'uploading' ? { status: 'success', upload: event.upload } : state;
    case 'fail':
      return state.status === 'uploading'
        ? { status: 'error', fileName: state.fileName, message: event.message }
        : state;
    case 'reset':
      return idleUpload;
  }
}

/** Whether Convert may be pressed: an upload has finished and no conversion request is on its way. */
export function canConvert(state: UploadState, converting: boolean): boolean {
  return state.status === 'success' && !converting;
}
