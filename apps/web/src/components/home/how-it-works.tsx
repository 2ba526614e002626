import { maxUploadWords } from '@vectrace/contract';
import { Download, ImageUp, SlidersHorizontal } from 'lucide-react';
import { HomeSection } from './section';

const steps = [
  {
    icon: ImageUp,
    title: 'Upload',
    text: `Drop a PNG, JPEG, WebP, GIF, BMP or TIFF image of up to ${maxUploadWords} into the converter. It is traced as soon as it is uploaded.`,
  },
  {
    icon: SlidersHorizontal,
    title: 'Adjust & convert',
    text: 'Keep the defaults or tune smoothness, threshold, corners and quality: each change traces the image again.',
  },
  {
    icon: Download,
    title: 'Download',
    text: 'Check the vector against your original, then download the SVG, export a PNG or copy the code.',
  },
];

/** Three steps from bitmap to vector. */
export function HowItWorks() {
  return (
    <HomeSection
      id="how-it-works"
      eyebrow="How it works"
      title="From bitmap to vector in three steps"
      lead="No software to install and no account needed to try it."
      tone="surface"
    >
      <ol className="grid gap-8 md:grid-cols-3 md:gap-6">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-4 md:flex-col md:items-center md:text-center">
            <span className="relative flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon aria-hidden="true" className="size-6" />
              <span
                aria-hidden="true"
                className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
            </span>
            <div>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-1 text-muted-foreground md:mx-auto md:max-w-xs">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
