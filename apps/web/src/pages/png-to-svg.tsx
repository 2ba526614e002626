import {
  MAX_BATCH_FILES,
  MAX_COLORS,
  MAX_PNG_SIDE,
  maxPixelsWords,
  maxUploadWords,
  offers,
  pageMeta,
  retentionWords,
  vectorFormatWords,
} from '@vectrace/contract';
import {
  ArrowRight,
  CheckCircle2,
  FileCode2,
  Layers,
  MonitorSmartphone,
  Move,
  PenTool,
  Presentation,
  Printer,
  Scissors,
  Sparkles,
  XCircle,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageSection, StaticPage } from '../components/layout/static-page';
import { BulletList, StartConvertingPanel, TextLink } from '../components/static/content';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';

const benefits = [
  {
    icon: Move,
    title: 'Sharp at any size',
    text: 'A PNG is a fixed grid of pixels, so it turns soft and blocky when you enlarge it. An SVG describes shapes with lines and curves, and stays crisp from a favicon to a billboard.',
  },
  {
    icon: PenTool,
    title: 'Editable',
    text: 'Every shape is a path you can recolor, reshape or delete in Illustrator, Inkscape, Figma or any text editor.',
  },
  {
    icon: FileCode2,
    title: 'Small for simple art',
    text: 'A logo or icon takes a few kilobytes as SVG, often far less than a high-resolution PNG of the same artwork.',
  },
  {
    icon: Layers,
    title: 'Accepted everywhere',
    text: 'Browsers, design tools, print shops, sign makers, cutting machines and laser engravers all work with vector files.',
  },
];

const quickStart = [
  {
    title: 'Upload your image',
    text: `Drop a PNG or JPEG (or a WebP, GIF, BMP or TIFF; up to ${maxUploadWords}) onto the upload zone of the converter, or click it to choose a file. The upload starts at once.`,
  },
  {
    title: 'Check the settings',
    text: 'The defaults suit most images: Auto reads the image and traces it in black and white, in color or as pixel art, and says under the result how it read it. Pick a mode in Advanced to choose yourself.',
  },
  {
    title: 'Convert',
    text: 'Tracing starts as soon as the upload ends, with the settings of the moment, and most images are done within seconds. Change a setting and the image is traced again; Convert traces it again at once.',
  },
  {
    title: 'Preview for free',
    text: 'Switch between Original and Vector to compare the two. The preview carries a watermark; converting and previewing cost nothing.',
  },
  {
    title: 'Download',
    text: `Pay ${offers['pay-per-use'].price} for that conversion, or go Pro for ${offers.pro.price} a month for unlimited conversions. Then download the SVG (or ${vectorFormatWords('or', ['svg'])}), export a PNG at up to ${MAX_PNG_SIDE} pixels, or copy the SVG code.`,
  },
];

const goodCandidates = [
  'Logos and wordmarks in solid colors',
  'Icons, pictograms and symbols',
  'Line art, ink drawings and signatures',
  'Clean scans of black-and-white artwork',
  'Flat illustrations, stickers and badges with a handful of colors',
];

const poorCandidates = [
  'Photographs of people, places or products',
  'Artwork built on soft shadows, glows or textures',
  'Tiny thumbnails and favicons',
  'Heavily compressed JPEGs',
  'Screenshots with small text',
];

const useCases = [
  {
    icon: Sparkles,
    title: 'Logos and brand assets',
    text: 'Rebuild a logo you only have as a PNG, so it works on your website, on merchandise and in print.',
  },
  {
    icon: Scissors,
    title: 'Cutting machines',
    text: 'Vinyl cutters, sticker plotters and their design software cut along vector outlines.',
  },
  {
    icon: Zap,
    title: 'Laser engraving and CNC',
    text: 'Engravers and routers follow paths; a clean trace gives clean burns and cuts.',
  },
  {
    icon: Printer,
    title: 'Print',
    text: 'Business cards, packaging, signs and banners print sharp at any size from a vector file.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Web and apps',
    text: 'SVG icons stay crisp on every screen density and can be styled with CSS.',
  },
  {
    icon: Presentation,
    title: 'Slides and documents',
    text: 'Vector artwork scales cleanly in decks, reports and spec sheets without pixelation.',
  },
];

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'Is the PNG to SVG converter free?',
    answer: `Uploading, converting and previewing are free, so you can see the result before you pay anything. The preview carries a watermark. To download the SVG, pay ${offers['pay-per-use'].price} for that conversion, or subscribe to Pro for ${offers.pro.price} a month to convert and download as much as you like. You can cancel Pro at any time.`,
  },
  {
    question: 'Can I convert a JPG, or a PNG with a transparent background?',
    answer: `Yes. The converter accepts PNG and JPEG files (.png, .jpg, .jpeg) up to ${maxUploadWords}, and WebP, GIF (its first frame), BMP and TIFF too. Transparent areas of a PNG stay transparent in both modes, so the result can sit on any background. For JPEGs, use the highest-quality version you have, since compression artefacts around edges can show up in the trace.`,
  },
  {
    question: 'What happens to my uploaded images?',
    answer: (
      <>
        Your images are sent over an encrypted connection, are visible only to you, and are deleted
        automatically {retentionWords} together with their vector results, so download what you need promptly.
        You keep every right to your artwork and to the SVG made from it, including commercial use. Our{' '}
        <TextLink href="/privacy">privacy policy</TextLink> has the details.
      </>
    ),
  },
];

export function PngToSvgPage() {
  return (
    <StaticPage
      title="PNG to SVG: Free Online Converter"
      metaTitle={pageMeta['/png-to-svg'].title}
      description={pageMeta['/png-to-svg'].description}
      intro={
        <div className="flex flex-col gap-6">
          <p>
            Turn a PNG or JPEG into an SVG that stays sharp at any size. Upload your image, adjust a few
            settings, and compare the vector with the original before you pay for anything.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/">
                Convert an image
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/how-to-vectorize-a-logo">Read the logo guide</Link>
            </Button>
          </div>
        </div>
      }
    >
      <PageSection id="why-convert" title="Why convert PNG to SVG?">
        <p>
          PNG and JPEG are raster formats: they store a color for every pixel. SVG is a vector format: it
          stores shapes. Tracing finds the outlines in your image and redraws them as smooth curves, which
          gives you a file with these advantages:
        </p>
        <ul className="mt-2 grid gap-4 sm:grid-cols-2">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-border bg-surface p-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="quick-start" title="Quick start">
        <p>
          Everything happens on the <TextLink href="/">converter on the home page</TextLink>. No sign-up is
          needed to try it.
        </p>
        <ol className="mt-2 flex flex-col gap-5">
          {quickStart.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-col gap-1 pt-1">
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="best-images" title="Which images convert best">
        <p>
          Tracing turns areas of color into flat, filled shapes. The closer your image already is to that, the
          better the result.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <Card className="p-5">
            <h3 className="flex items-center gap-2 font-semibold">
              <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              Great candidates
            </h3>
            <BulletList className="mt-3 text-sm">
              {goodCandidates.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </BulletList>
          </Card>
          <Card className="p-5">
            <h3 className="flex items-center gap-2 font-semibold">
              <XCircle aria-hidden="true" className="size-5 text-danger" />
              Poor candidates
            </h3>
            <BulletList className="mt-3 text-sm">
              {poorCandidates.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </BulletList>
          </Card>
        </div>
      </PageSection>

      <PageSection id="tips" title="Tips for a clean result">
        <BulletList>
          <li>
            <strong className="font-semibold">Start from the best original you have.</strong> The larger and
            sharper the source, the more faithfully its edges can be followed. Enlarging a small image in an
            editor first does not add detail.
          </li>
          <li>
            <strong className="font-semibold">Prefer PNG over JPEG.</strong> JPEG compression leaves blotches
            and halos around edges that the tracer has to interpret.
          </li>
          <li>
            <strong className="font-semibold">Crop to the artwork.</strong> Remove borders, backgrounds,
            mockup shadows and anything else you do not want as shapes.
          </li>
          <li>
            <strong className="font-semibold">Use Threshold to decide what counts as ink.</strong> In Black &
            white mode, pixels darker than the cut-off become shapes. At the default of 30 the image decides
            the cut-off, and on a photo or scan of a page it follows the paper, so shadows stay white. Lower
            it to keep fainter strokes; raise it toward 50 if shading or smudges turn into blobs.
          </li>
          <li>
            <strong className="font-semibold">Raise Smoothness for jagged edges.</strong> Values of 70 to 90
            turn pixel steps into long, smooth curves; lower values keep more corners.
          </li>
          <li>
            <strong className="font-semibold">Switch Mode to Color for colored artwork.</strong> Leave Colors
            on Auto, or set it (2 to 128) to the number of colors in your design, background included, if Auto
            picks up extra shades.
          </li>
          <li>
            <strong className="font-semibold">Pick Quality High for the file you keep.</strong> Draft is the
            fastest for trying settings; High and Ultra follow the outlines a little closer and keep the
            smallest details.
          </li>
        </BulletList>
        <p>
          Converting a logo? The <TextLink href="/how-to-vectorize-a-logo">step-by-step logo guide</TextLink>{' '}
          has the exact settings to start from and fixes for common problems.
        </p>
      </PageSection>

      <PageSection id="limitations" title="Limitations">
        <p>Tracing is not magic. Knowing where it falls short saves you time:</p>
        <BulletList>
          <li>
            <strong className="font-semibold">Photos and gradients.</strong> A clean gradient, such as a sky
            or a glossy highlight, can become one shape filled with a gradient: Auto does this where it makes
            the result smaller, and the Advanced setting Smooth shading as gradients wherever a gradient fits.
            Other shading, a photograph's above all, still comes out as visible bands or blotches, even in
            Color mode with its maximum of {MAX_COLORS} colors. A photograph is best kept as a bitmap.
          </li>
          <li>
            <strong className="font-semibold">Small or low-resolution images.</strong> The tracer can only
            follow the pixels it is given. Lines one pixel wide may break up, and small text can merge or
            vanish.
          </li>
          <li>
            <strong className="font-semibold">JPEG artefacts.</strong> Compression noise and fringes along
            edges can turn into ragged outlines or stray specks. Color mode filters out grain and small
            specks, but a clean PNG always traces better.
          </li>
          <li>
            <strong className="font-semibold">Filled shapes, unless you ask for single lines.</strong> A drawn
            line becomes a thin filled shape with an outline on each side, which plotters and engravers follow
            on both edges. For single strokes, choose Mode Centerline (see{' '}
            <TextLink href="/cutting-engraving-plotting#centerline">cutting, engraving and plotting</TextLink>
            ).
          </li>
          <li>
            <strong className="font-semibold">Black & white traces the dark parts.</strong> When you choose
            it, light colors such as yellow or pastels may drop out, and a white logo on a dark background
            comes out as a dark shape with the logo cut out of it. Auto and Color keep them.
          </li>
          <li>
            <strong className="font-semibold">One file at a time, or {MAX_BATCH_FILES} with Pro.</strong> Each
            image is a PNG, JPEG, WebP, GIF, BMP or TIFF of at most {maxUploadWords} (and {maxPixelsWords}); a
            GIF gives its first frame.
          </li>
        </BulletList>
      </PageSection>

      <PageSection id="use-cases" title="Use cases">
        <p>What people make with their SVGs. The output is yours to use, commercially too.</p>
        <ul className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {useCases.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="faq" title="Frequently asked questions">
        <div className="divide-y divide-border rounded-xl border border-border bg-surface">
          {faqs.map((faq) => (
            <div key={faq.question} className="flex flex-col gap-2 p-5">
              <h3 className="font-semibold">{faq.question}</h3>
              <p className="text-muted-foreground">{faq.answer}</p>
            </div>
          ))}
        </div>
      </PageSection>

      <StartConvertingPanel
        title="Ready to convert your PNG?"
        secondary={{ href: '/how-to-vectorize-a-logo', label: 'How to vectorize a logo' }}
      >
        Upload an image and see the vector in seconds. Previewing is free; pay only for the files you
        download.
      </StartConvertingPanel>
    </StaticPage>
  );
}
