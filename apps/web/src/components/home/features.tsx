import { MAX_PNG_SIDE, retentionWords, vectorFormatWords } from '@vectrace/contract';
import { BadgeCheck, Columns2, FileDown, ShieldCheck, SlidersHorizontal, Spline } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { HomeSection } from './section';

const features = [
  {
    icon: Spline,
    title: 'High-quality tracing',
    text: 'Smooth Bézier curves and clean, closed paths, with sharp corners kept where your artwork has them.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Customizable settings',
    text: 'Tune smoothness, threshold, corner detection and quality. Trace in black and white or in full color.',
  },
  {
    icon: Columns2,
    title: 'Instant preview',
    text: 'Compare the vector with your original before you download, so you only pay for a result you like.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure and private',
    text: `Your images are processed securely and deleted automatically ${retentionWords}.`,
  },
  {
    icon: BadgeCheck,
    title: 'Commercial use',
    text: 'You get full commercial rights to your vectors: use them on products, merchandise, signage and client work.',
  },
  {
    icon: FileDown,
    title: 'Multiple formats',
    text: `Download ${vectorFormatWords()} at the size you need, copy the SVG code, or export a PNG at up to ${MAX_PNG_SIDE} px.`,
  },
];

/** What the converter does well, in six cards. */
export function Features() {
  return (
    <HomeSection
      id="features"
      eyebrow="Features"
      title="Everything you need for crisp vectors"
      lead="Vectors that stay sharp at any size, from a favicon to a billboard, without redrawing by hand."
    >
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
