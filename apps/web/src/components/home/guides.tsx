import { ArrowRight, BookOpen, FileImage, Scissors } from 'lucide-react';
import { Link } from 'wouter';
import { HomeSection } from './section';

const guides = [
  {
    href: '/how-to-vectorize-a-logo',
    icon: BookOpen,
    title: 'How to Vectorize a Logo',
    text: 'Six steps from a pixel logo to a clean vector, with the settings that work, advanced tips and troubleshooting.',
  },
  {
    href: '/png-to-svg',
    icon: FileImage,
    title: 'PNG to SVG: Free Online Converter',
    text: 'Why convert, which images convert best, a quick start, tips, limitations and common uses.',
  },
  {
    href: '/cutting-engraving-plotting',
    icon: Scissors,
    title: 'Cutting, Engraving and Plotting',
    text: 'Centerline strokes, cut-out layers for vinyl, fixed inks, true arcs in DXF, sticker cut lines and stencils.',
  },
];

/** Links to the guides. */
export function Guides() {
  return (
    <HomeSection
      id="guides"
      eyebrow="Guides"
      title="Get the best results"
      lead="Short, practical guides to prepare your images and pick the right settings."
    >
      <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3">
        {guides.map(({ href, icon: Icon, title, text }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold leading-tight tracking-tight group-hover:text-primary">
                {title}
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary">
                Read the guide
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
