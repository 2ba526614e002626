import type { traceModes } from '@vectrace/contract';

/** The trace modes in the converter's words (the Mode select, "Try it as"). */
export const modeLabels: Record<(typeof traceModes)[number], string> = {
  auto: 'Auto',
  bw: 'Black & white',
  color: 'Color',
  pixel: 'Pixel art',
  centerline: 'Centerline',
};
