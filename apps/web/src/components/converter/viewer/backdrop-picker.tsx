import type { CSSProperties } from 'react';
import { Button } from '../../ui/button';

/** What the vector is shown on: its transparency as a checkerboard, white paper, or a dark ground. */
export type Backdrop = 'checker' | 'white' | 'dark';

const backdrops: { value: Backdrop; label: string; style: CSSProperties }[] = [
  {
    value: 'checker',
    label: 'Checkerboard',
    style: { background: 'repeating-conic-gradient(#e2e8f0 0 25%, #fff 0 50%) 0 0 / 20px 20px' },
  },
  { value: 'white', label: 'White', style: { background: '#fff' } },
  { value: 'dark', label: 'Dark', style: { background: '#1e293b' } },
];

/**
 * The ground that shows the art, as the reading says how it was read: dark for light art (white
 * on transparency would all but vanish on the light checkerboard), the checkerboard otherwise.
 */
export const backdropFor = (reading: string | null | undefined): Backdrop =>
  reading?.startsWith('Read as light art') ? 'dark' : 'checker';

/** The ground a backdrop paints under the vector. */
export const backdropStyle = (backdrop: Backdrop): CSSProperties =>
  (backdrops.find((b) => b.value === backdrop) ?? backdrops[0]).style;

/** The viewer's choice of backdrop, one pressed button each. */
export function BackdropPicker({
  value,
  onChange,
}: {
  value: Backdrop;
  onChange: (backdrop: Backdrop) => void;
}) {
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">Background</legend>
      {backdrops.map((b) => (
        <Button
          key={b.value}
          variant="outline"
          size="sm"
          aria-pressed={value === b.value}
          className={value === b.value ? 'bg-accent' : undefined}
          onClick={() => onChange(b.value)}
        >
          <span aria-hidden="true" className="size-3 rounded-sm border border-border" style={b.style} />
          {b.label}
        </Button>
      ))}
    </fieldset>
  );
}
