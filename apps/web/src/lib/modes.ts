import {
  type ConversionSettings,
  type cornerDetections,
  countsIn,
  type qualities,
  settingRow,
  type traceModes,
} from '@vectrace/contract';
import { presetOf } from './presets';

/** The settings the converter shows: those of the engine's table, by name. */
type SettingName = Parameters<typeof settingRow>[0];

/** A choice's values in the converter's words, from the engine's table of settings. */
const labelsOf = <T extends string>(name: SettingName) => settingRow(name).values as Record<T, string>;

/** The trace modes in the converter's words (the Mode select, "Try it as"). */
export const modeLabels = labelsOf<(typeof traceModes)[number]>('mode');
const cornerLabels = labelsOf<(typeof cornerDetections)[number]>('cornerDetection');
const qualityLabels = labelsOf<(typeof qualities)[number]>('quality');

/** A choice's values with their labels, in order, as a select lists them. */
export function choicesOf(name: SettingName): [string, string][] {
  return Object.entries(settingRow(name).values ?? {});
}

/** A setting's label and hint, as the converter shows them beside its control. */
export function settingWords(name: SettingName): { name: string; hint: string } {
  const row = settingRow(name);
  return { name: row.label, hint: row.hint ?? '' };
}

/** Whether the converter shows a setting in a mode: where it counts. */
export function shows(name: SettingName, mode: ConversionSettings['mode']): boolean {
  return countsIn(settingRow(name), mode);
}

/**
 * The settings a result was made with, in the converter's words, as the result card shows them:
 * the preset (or Custom), the mode, then the tracing controls that apply to that mode.
 */
export function settingsSummary(settings: ConversionSettings): string[] {
  return [
    `${presetOf(settings)?.name ?? 'Custom'} settings`,
    `Mode ${modeLabels[settings.mode]}`,
    `Smoothness ${settings.smoothness}`,
    ...(shows('threshold', settings.mode) ? [`Threshold ${settings.threshold}`] : []),
    ...(shows('invert', settings.mode) && settings.invert ? ['Light lines on a dark ground'] : []),
    `Corners ${cornerLabels[settings.cornerDetection]}`,
    `Quality ${qualityLabels[settings.quality]}`,
    ...(shows('colors', settings.mode)
      ? [`Colors ${settings.colors === 'auto' ? 'Auto' : settings.colors}`]
      : []),
    ...(shows('gradients', settings.mode) && settings.gradients ? ['Smooth shading as gradients'] : []),
  ];
}
