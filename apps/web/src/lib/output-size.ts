import { downloadQuerySchema, type SizeUnit } from '@vectrace/contract';

/** An image's size in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** The output size as typed: a width (empty for one unit per image pixel) and its unit. */
export interface OutputSize {
  width: string;
  unit: SizeUnit;
}

export const naturalSize: OutputSize = { width: '', unit: 'px' };

/**
 * The typed size checked with the server's own schema: the width as a number (undefined when
 * empty), or the sentence the server would answer for it.
 */
export function checkedSize(size: OutputSize): { width?: number; unit: SizeUnit } | { problem: string } {
  const typed = size.width.trim();
  const parsed = downloadQuerySchema.safeParse({ width: typed === '' ? undefined : typed, unit: size.unit });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the width' };
  return { width: parsed.data.width, unit: parsed.data.unit };
}

/** The height that follows a width and the image's proportions, in the same unit. */
export function heightFor(width: number, image: PixelSize): number {
  return (width * image.height) / image.width;
}

/** A length as people read it: whole pixels, millimetres to a tenth, inches to a hundredth. */
export function formatLength(value: number, unit: SizeUnit): string {
  const digits = unit === 'px' ? 0 : unit === 'mm' ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${unit}`;
}
