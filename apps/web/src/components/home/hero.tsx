import { retentionWords } from '@vectrace/contract';
import { BadgeCheck, Clock, Sparkles } from 'lucide-react';

const trustPoints = [
  { icon: Sparkles, label: 'Free to try' },
  { icon: Clock, label: `Deleted ${retentionWords}` },
  { icon: BadgeCheck, label: 'Full commercial rights' },
];

/**
 * The page's h1 and promise, kept short so the converter below it shows above the fold. Once an
 * image is in, the result is the page: the heading stays for screen readers, the rest steps aside.
 */
export function Hero({ hidden = false }: { hidden?: boolean }) {
  if (hidden) {
    return <h1 className="sr-only">Turn any PNG or JPG into a clean SVG</h1>;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-6 text-center sm:px-6 sm:pt-14 sm:pb-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
        Turn any PNG or JPG into a clean SVG
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
        Sharp, scalable vector paths from your bitmap, ready for logos, icons, stickers, cutting and
        engraving, or print.
      </p>
      <ul className="mt-5 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm font-medium text-muted-foreground">
        {trustPoints.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-1.5">
            <Icon aria-hidden="true" className="size-4 text-success" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
