import type { ConversionSettings, cornerDetections, qualities, readAs, traceModes } from '@vectrace/contract';
import { presetOf } from './presets';

/** The trace modes in the converter's words (the Mode select, "Try it as"). */
export const modeLabels: Record<(typeof traceModes)[number], string> = {
  auto: 'Auto',
  bw: 'Black & white',
  color: 'Color',
  pixel: 'Pixel art',
  centerline: 'Centerline',
};

export const cornerLabels: Record<(typeof cornerDetections)[number], string> = {
  auto: 'Auto',
  sharp: 'Sharp',
  rounded: 'Rounded',
  none: 'None',
};

export const qualityLabels: Record<(typeof qualities)[number], string> = {
  draft: 'Draft',
  standard: 'Standard',
  high: 'High',
  ultra: 'Ultra',
};

export const readLabels: Record<(typeof readAs)[number], string> = {
  auto: 'Auto',
  picture: 'Picture',
  page: 'Page',
};

/**
 * The settings a result was made with, in the converter's words, as the result card shows them:
 * the preset (or Custom), the mode, then the tracing controls that apply to that mode.
 */
export function settingsSummary(settings: ConversionSettings): string[] {
  const bwLike = settings.mode === 'bw' || settings.mode === 'auto' || settings.mode === 'centerline';
  const colorLike = settings.mode === 'color' || settings.mode === 'auto';
  return [
    `${presetOf(settings)?.name ?? 'Custom'} settings`,
    `Mode ${modeLabels[settings.mode]}`,
    `Smoothness ${settings.smoothness}`,
    ...(bwLike ? [`Threshold ${settings.threshold}`] : []),
    ...(bwLike && settings.invert ? ['Light lines on a dark ground'] : []),
    `Corners ${cornerLabels[settings.cornerDetection]}`,
    `Quality ${qualityLabels[settings.quality]}`,
    ...(colorLike ? [`Colors ${settings.colors === 'auto' ? 'Auto' : settings.colors}`] : []),
  ];
}
