import { type Conversion, type ConversionSettings, defaultConversionSettings } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api';
import {
  type ConverterEvent,
  type ConverterState,
  converterReducer,
  initialConverter,
  isActive,
  isGone,
  lostMessage,
  pollEvery,
  retraceSource,
  shownConversions,
} from '../src/lib/converter-state';
import type { UploadResult } from '../src/lib/upload';

const nothingKept = { current: null, previous: null };
const auto = { ...defaultConversionSettings };
const tuned: ConversionSettings = { ...defaultConversionSettings, mode: 'bw' };
const photo: ConversionSettings = { ...defaultConversionSettings, mode: 'color' };
const upload = { fileName: 'logo.png', stableObjectPath: '/objects/uploads/abc' } as UploadResult;

const conversion = (id: string, fields: Partial<Conversion> = {}) =>
  ({
    id,
    status: 'completed',
    paymentStatus: 'unpaid',
    expired: false,
    originalFileName: `${id}.png`,
    originalFileUrl: `/objects/uploads/${id}`,
    settings: tuned,
    ...fields,
  }) as Conversion;

const fresh = initialConverter(null, nothingKept, auto, false);

function run(from: ConverterState, ...events: ConverterEvent[]): ConverterState {
  return events.reduce(converterReducer, from);
}

const uploadOf = (fileName: string, pinned: ConversionSettings | null = null): ConverterEvent => ({
  type: 'upload',
  fileName,
  localPreview: `blob:${fileName}`,
  pinned,
});

/** An image uploaded, converted, and re-tuned: a result on screen with settings of its own. */
const converted = run(
  fresh,
  uploadOf('logo.png'),
  { type: 'uploaded', upload },
  { type: 'converted', id: 'c1' },
  { type: 'settings', settings: tuned },
);

describe('the converter', () => {
  it("opens the address's conversion (a payment return, the history) over the one kept, else the kept one", () => {
    const kept = { current: 'c1', previous: 'c0' };
    expect(initialConverter('c2', kept, auto, false).memory).toEqual({ current: 'c2', previous: null });
    expect(initialConverter('c1', kept, auto, false).memory).toEqual(kept);
    expect(initialConverter(null, kept, auto, false).memory).toEqual(kept);
  });

  it('goes from the upload to the result: an image on its way makes the result the page', () => {
    expect(isActive(fresh, false)).toBe(false);
    const uploading = run(fresh, uploadOf('logo.png'));
    expect(uploading.upload).toMatchObject({ status: 'uploading', fileName: 'logo.png' });
    expect(uploading.localPreview).toBe('blob:logo.png');
    expect(isActive(uploading, false)).toBe(true);
    expect(isActive(fresh, true)).toBe(true);
  });

  it('keeps the uploaded image to convert, and traces again on a new setting only once it has a result', () => {
    const uploaded = run(fresh, uploadOf('logo.png'), { type: 'uploaded', upload });
    expect(uploaded.source).toEqual({ fileName: 'logo.png', originalFileUrl: '/objects/uploads/abc' });
    expect(retraceSource(uploaded)).toBeNull();
    expect(retraceSource(converted)).toEqual(uploaded.source);
  });

  it('starts a new image from Auto, not from the last one', () => {
    const next = run(converted, uploadOf('second.png'));
    expect(next.settings).toEqual(auto);
    expect(next.memory).toEqual(nothingKept);
    expect(next.source).toBeNull();
  });

  it('starts a new image from the pinned settings when they are pinned', () => {
    expect(run(converted, uploadOf('second.png', photo)).settings).toEqual(photo);
  });

  it('keeps the settings chosen before the first image', () => {
    const chosen = run(fresh, { type: 'settings', settings: tuned });
    expect(run(chosen, uploadOf('logo.png')).settings).toEqual(tuned);
  });

  it('keeps the image and the settings when the upload fails', () => {
    const failed = run(converted, uploadOf('second.png', tuned), {
      type: 'uploadFailed',
      message: 'Too big',
    });
    expect(failed.upload).toEqual({ status: 'error', fileName: 'second.png', message: 'Too big' });
    expect(failed.settings).toEqual(tuned);
  });

  it('keeps the settings when a conversion fails: a failed trace changes nothing but the result', () => {
    // The failure arrives as the conversion's own state; the converter is left as it was.
    const failed = run(converted, { type: 'restore', conversion: conversion('c1', { status: 'failed' }) });
    expect(failed).toBe(converted);
  });

  it('puts the new result on screen and keeps the one before it to compare', () => {
    const again = run(converted, { type: 'showPrevious', on: true }, { type: 'converted', id: 'c2' });
    expect(again.memory).toEqual({ current: 'c2', previous: 'c1' });
    expect(again.showPrevious).toBe(false);
    const third = run(again, { type: 'converted', id: 'c3' });
    expect(third.memory).toEqual({ current: 'c3', previous: 'c2' });
  });

  it('brings back an opened conversion with its image and settings, once', () => {
    const opened = run(fresh, { type: 'open', id: 'c9' });
    expect(opened.memory).toEqual({ current: 'c9', previous: null });
    const restored = run(opened, { type: 'restore', conversion: conversion('c9') });
    expect(restored.settings).toEqual(tuned);
    expect(restored.source).toEqual({ fileName: 'c9.png', originalFileUrl: '/objects/uploads/c9' });
    // Re-tuned after it came back: a later poll of the same conversion does not undo the tuning.
    const retuned = run(restored, { type: 'settings', settings: photo });
    expect(run(retuned, { type: 'restore', conversion: conversion('c9') }).settings).toEqual(photo);
  });

  it('brings back an expired conversion with its settings but no image to trace again', () => {
    const restored = run(
      fresh,
      { type: 'open', id: 'c9' },
      { type: 'restore', conversion: conversion('c9', { expired: true }) },
    );
    expect(restored.settings).toEqual(tuned);
    expect(restored.source).toBeNull();
  });

  it('does not bring back the settings of a conversion it made itself', () => {
    const made = run(
      converted,
      { type: 'settings', settings: photo },
      { type: 'restore', conversion: conversion('c1') },
    );
    expect(made.settings).toEqual(photo);
  });

  it('opening a conversion drops the image on screen and the upload zone goes back to idle', () => {
    const opened = run(converted, { type: 'open', id: 'c5' });
    expect(opened.source).toBeNull();
    expect(opened.localPreview).toBeNull();
    expect(opened.upload).toEqual({ status: 'idle' });
  });

  it('reports a deleted conversion lost, and starts again at the upload until the next image', () => {
    const lost = run(converted, { type: 'lose', message: 'That conversion is no longer available' });
    expect(lost.lost).toBe('That conversion is no longer available');
    expect(lost.memory).toEqual(nothingKept);
    expect(run(lost, uploadOf('again.png')).lost).toBeNull();
    expect(run(lost, { type: 'dismissLost' }).lost).toBeNull();
  });

  it('says why a file was refused until the next one', () => {
    const refused = run(fresh, { type: 'reject', message: 'File type must be PNG, JPG or JPEG' });
    expect(refused.rejection).toBe('File type must be PNG, JPG or JPEG');
    expect(refused.upload).toEqual({ status: 'idle' });
    expect(run(refused, { type: 'reject', message: null }).rejection).toBeNull();
  });

  it('shows the latest result, or the one before it when chosen', () => {
    const state = run(converted, { type: 'converted', id: 'c2' });
    const latest = conversion('c2');
    const previous = conversion('c1');
    expect(shownConversions(state, latest, previous).shown).toBe(latest);
    expect(shownConversions(run(state, { type: 'showPrevious', on: true }), latest, previous).shown).toBe(
      previous,
    );
    // A result still cached for a conversion no longer on screen is not shown.
    expect(shownConversions(run(state, uploadOf('next.png')), latest, previous)).toEqual({
      latest: null,
      shown: null,
    });
  });

  it('polls while a result can change, and stops once it is failed, expired or paid', () => {
    expect(pollEvery(undefined)).toBe(1000);
    expect(pollEvery(conversion('c', { status: 'processing' }))).toBe(1000);
    expect(pollEvery(conversion('c'))).toBe(1000);
    expect(pollEvery(conversion('c', { paymentStatus: 'subscription_active' }))).toBe(30_000);
    expect(pollEvery(conversion('c', { paymentStatus: 'paid' }))).toBe(false);
    expect(pollEvery(conversion('c', { status: 'failed' }))).toBe(false);
    expect(pollEvery(conversion('c', { expired: true }))).toBe(false);
  });

  it('drops a conversion the server says is gone or not ours, with why; keeps it through a failed poll', () => {
    const gone = new ApiError(404, 'Conversion not found', 'not_found');
    const notOurs = new ApiError(401, 'Not signed in', 'unauthorized');
    const failedPoll = new ApiError(503, 'Unavailable', 'unavailable');
    expect([gone, notOurs, failedPoll, new TypeError('Failed to fetch'), null].map(isGone)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(lostMessage(gone)).toMatch(
      /no longer available: it was deleted, on request or within 24 hours of upload/,
    );
    expect(lostMessage(notOurs)).toMatch(/belongs to an account that is not signed in here/);
  });
});
