import {
  type Conversion,
  type ConversionSettings,
  defaultConversionSettings,
  retentionWords,
} from '@vectrace/contract';
import { ApiError } from './api';
import type { ConverterMemory } from './converter-memory';
import type { UploadResult } from './upload';
import { idleUpload, type UploadState, uploadReducer } from './upload-state';

/** The image being converted: a fresh upload, or the upload of a conversion brought back. */
export interface Source {
  fileName: string;
  originalFileUrl: string;
}

export interface ConverterState {
  upload: UploadState;
  /** Why the upload zone refused a file, until the next one. */
  rejection: string | null;
  settings: ConversionSettings;
  /** "Use these settings for new images" is ticked. */
  pinned: boolean;
  /** Why the conversion on screen left it (deleted, expired, another account's), until the next image. */
  lost: string | null;
  memory: ConverterMemory;
  source: Source | null;
  /** The choice between the latest result and the one before it. */
  showPrevious: boolean;
  /**
   * The chosen file's own picture (an object URL), shown while it uploads and after; null for a
   * TIFF, which browsers but Safari do not show: the server's copy is shown once it is uploaded.
   */
  localPreview: string | null;
  /** The conversion whose image and settings were last brought back (or made here): not brought back again. */
  restoredFrom: string | null;
}

export type ConverterEvent =
  /** A conversion put on screen from the address, the history or a batch: its own image and settings follow. */
  | { type: 'open'; id: string }
  /** The conversion on screen has come: its image and settings come with it, once. */
  | { type: 'restore'; conversion: Conversion }
  /** The conversion on screen is gone (deleted, expired) or not this visitor's. */
  | { type: 'lose'; message: string }
  /** The person deleted the result on screen: the converter starts again, saying so. */
  | { type: 'deleted'; message: string }
  | { type: 'dismissLost' }
  | { type: 'reject'; message: string | null }
  /**
   * Another image chosen and accepted: it starts from the pinned settings, or the defaults (Auto),
   * not from the last image's. `pinned` is what this browser has pinned, read as the image comes.
   */
  | { type: 'upload'; fileName: string; localPreview: string | null; pinned: ConversionSettings | null }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'uploaded'; upload: UploadResult }
  | { type: 'uploadFailed'; message: string }
  | { type: 'settings'; settings: ConversionSettings }
  | { type: 'pin'; on: boolean }
  /** The server took a conversion of the image: it goes on screen, the one before it kept to compare. */
  | { type: 'converted'; id: string }
  | { type: 'showPrevious'; on: boolean };

const nothingOnScreen: ConverterMemory = { current: null, previous: null };

/** Where the converter starts: the address's conversion (a payment return, the history), else the last one. */
export function initialConverter(
  named: string | null,
  kept: ConverterMemory,
  settings: ConversionSettings,
  pinned: boolean,
): ConverterState {
  return {
    upload: idleUpload,
    rejection: null,
    settings,
    pinned,
    lost: null,
    memory: named && named !== kept.current ? { current: named, previous: null } : kept,
    source: null,
    showPrevious: false,
    localPreview: null,
    restoredFrom: null,
  };
}

/** The converter's state machine: what the person did, or what the server said, and what follows. */
export function converterReducer(state: ConverterState, event: ConverterEvent): ConverterState {
  switch (event.type) {
    case 'open':
      return {
        ...state,
        memory: { current: event.id, previous: null },
        showPrevious: false,
        source: null,
        localPreview: null,
        upload: idleUpload,
      };
    case 'restore': {
      const { conversion } = event;
      if (state.source || state.restoredFrom === conversion.id) return state;
      return {
        ...state,
        restoredFrom: conversion.id,
        settings: { ...defaultConversionSettings, ...conversion.settings },
        // An expired conversion's image is deleted: there is nothing to trace again.
        source: conversion.expired
          ? null
          : { fileName: conversion.originalFileName, originalFileUrl: conversion.originalFileUrl },
      };
    }
    case 'lose':
      return { ...state, lost: event.message, memory: nothingOnScreen };
    case 'deleted':
      return {
        ...state,
        lost: event.message,
        memory: nothingOnScreen,
        showPrevious: false,
        source: null,
        localPreview: null,
        upload: idleUpload,
      };
    case 'dismissLost':
      return { ...state, lost: null };
    case 'reject':
      return { ...state, rejection: event.message };
    case 'upload':
      return {
        ...state,
        lost: null,
        settings:
          state.source || state.memory.current
            ? (event.pinned ?? { ...defaultConversionSettings })
            : state.settings,
        upload: uploadReducer(state.upload, { type: 'start', fileName: event.fileName }),
        localPreview: event.localPreview,
        source: null,
        memory: nothingOnScreen,
      };
    case 'uploadProgress':
      return { ...state, upload: uploadReducer(state.upload, { type: 'progress', percent: event.percent }) };
    case 'uploaded':
      return {
        ...state,
        upload: uploadReducer(state.upload, { type: 'done', upload: event.upload }),
        restoredFrom: null,
        source: { fileName: event.upload.fileName, originalFileUrl: event.upload.stableObjectPath },
      };
    case 'uploadFailed':
      return { ...state, upload: uploadReducer(state.upload, { type: 'fail', message: event.message }) };
    case 'settings':
      return { ...state, settings: event.settings };
    case 'pin':
      return { ...state, pinned: event.on };
    case 'converted':
      return {
        ...state,
        restoredFrom: event.id,
        memory: { current: event.id, previous: state.memory.current ?? state.memory.previous },
        showPrevious: false,
      };
    case 'showPrevious':
      return { ...state, showPrevious: event.on };
  }
}

/** The image a new setting traces again by itself: once it has a result on screen, else none. */
export function retraceSource(state: ConverterState): Source | null {
  return state.memory.current === null ? null : state.source;
}

/** An image on screen (or on its way) makes the result the page; before that, the upload. */
export function isActive(state: ConverterState, batchShown: boolean): boolean {
  return (
    state.upload.status === 'uploading' ||
    state.source !== null ||
    state.memory.current !== null ||
    batchShown
  );
}

/**
 * The conversion on screen: the latest result, or the one before it when chosen. A loaded
 * conversion that is no longer the current one (a new image on its way) is not shown.
 */
export function shownConversions(
  state: ConverterState,
  current: Conversion | undefined,
  previous: Conversion | undefined,
): { latest: Conversion | null; shown: Conversion | null } {
  const latest = current && current.id === state.memory.current ? current : null;
  return { latest, shown: state.showPrevious && previous ? previous : latest };
}

// Without the pushed stream: every second while it can change (spec section 9); a Pro user's
// result only changes if the subscription ends; nothing more once failed, expired or paid.
export function pollEvery(conversion: Conversion | undefined): number | false {
  if (!conversion) return 1000;
  if (conversion.status === 'failed' || conversion.expired) return false;
  if (conversion.status !== 'completed') return 1000;
  if (conversion.paymentStatus === 'paid') return false;
  return conversion.paymentStatus === 'subscription_active' ? 30_000 : 1000;
}

/** A conversion that is no longer there (deleted, expired) or no longer ours, as against a failed poll. */
export const isGone = (error: Error | null) =>
  error instanceof ApiError && (error.code === 'not_found' || error.code === 'unauthorized');

/** Why a conversion left the screen: deleted or expired, or not this visitor's. */
export function lostMessage(error: Error | null): string {
  return error instanceof ApiError && error.code === 'unauthorized'
    ? 'That conversion belongs to an account that is not signed in here. Sign in to see it, or upload the image again.'
    : `That conversion is no longer available: it was deleted, on request or ${retentionWords} of upload. Upload the image again to convert it.`;
}
