import {
  type Conversion,
  type ConversionSettings,
  defaultConversionSettings,
  durationWords,
  isPaid,
} from '@vectrace/contract';

/** One image and its tunings, newest first. */
export interface ImageHistory {
  uploadId: string;
  fileName: string;
  conversions: Conversion[];
}

/** Conversions grouped by the image they were traced from, the most recently tuned image first. */
export function groupByImage(conversions: Conversion[]): ImageHistory[] {
  const groups = new Map<string, ImageHistory>();
  const newestFirst = [...conversions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const conversion of newestFirst) {
    const group = groups.get(conversion.uploadId);
    if (group) group.conversions.push(conversion);
    else
      groups.set(conversion.uploadId, {
        uploadId: conversion.uploadId,
        fileName: conversion.originalFileName,
        conversions: [conversion],
      });
  }
  return [...groups.values()];
}

/** The settings in a few words: the mode, then what differs from the defaults. */
export function describeSettings(settings: ConversionSettings): string {
  const colors = settings.colors === 'auto' ? 'auto' : `${settings.colors} colors`;
  const words = [
    {
      auto: settings.colors === 'auto' ? 'Auto' : `Auto (${colors})`,
      bw: 'Black & white',
      color: `Color (${colors})`,
      pixel: 'Pixel art',
      centerline: 'Centerline',
    }[settings.mode],
  ];
  const d = defaultConversionSettings;
  if (settings.smoothness !== d.smoothness) words.push(`smoothness ${settings.smoothness}`);
  if (inkModes.includes(settings.mode) && settings.threshold !== d.threshold)
    words.push(`threshold ${settings.threshold}`);
  if (settings.read !== d.read) words.push(`read as a ${settings.read}`);
  if (settings.cornerDetection !== d.cornerDetection) words.push(`${settings.cornerDetection} corners`);
  if (settings.quality !== d.quality) words.push(`${settings.quality} quality`);
  if ((settings.mode === 'color' || settings.mode === 'auto') && settings.gradients) words.push('gradients');
  return [...words, ...makerWords(settings)].join(', ');
}

/** The modes that read ink against paper, where Threshold counts. */
const inkModes: ConversionSettings['mode'][] = ['auto', 'bw', 'centerline'];

/** The makers' options that differ from the defaults, where the mode uses them. */
function makerWords(settings: ConversionSettings): string[] {
  const words: string[] = [];
  const color = settings.mode === 'color' || settings.mode === 'auto';
  if (settings.trace === 'alpha') words.push('transparency silhouette');
  if (settings.invert && inkModes.includes(settings.mode)) words.push('light lines on a dark ground');
  if (settings.mode === 'centerline' && settings.strokeWidth !== 'auto')
    words.push(`stroke ${settings.strokeWidth} px`);
  if (color && settings.palette.length > 0)
    words.push(
      settings.palette.length === 1 ? 'palette of 1 color' : `palette of ${settings.palette.length}`,
    );
  if (color && settings.background === 'remove') words.push('background removed');
  if (color && settings.layering === 'cutout') words.push('cut-out layers');
  if (settings.shapes && settings.mode !== 'pixel') words.push('true shapes');
  if (settings.cutContour)
    words.push(`cut contour ${settings.cutContour.offset} ${settings.cutContour.unit}`);
  return words;
}

/** Where a conversion stands, in a word or two. */
export function statusWords(conversion: Conversion): string {
  if (conversion.expired) return 'Deleted';
  switch (conversion.status) {
    case 'pending':
      return 'Queued';
    case 'processing':
      return 'Converting';
    case 'failed':
      return 'Failed';
    case 'completed':
      return isPaid(conversion.paymentStatus) ? 'Ready to download' : 'Ready, not paid';
  }
}

/**
 * When the files go, in the words of the promise: "deleted within 24 hours" just after the upload,
 * "deleted within 40 minutes" near the end; null once deleted.
 */
export function timeLeft(conversion: Conversion, now: number): string | null {
  if (conversion.expired) return null;
  const ms = Date.parse(conversion.deletedBy) - now;
  return ms <= 0 ? 'being deleted' : `deleted within ${durationWords(ms)}`;
}
