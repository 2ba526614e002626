import {
  type DownloadFormat,
  formatDetails,
  MAX_PALETTE,
  offers,
  pageMeta,
  vectorFormatWords,
} from '@vectrace/contract';
import type { LucideIcon } from 'lucide-react';
import { Circle, Layers, Moon, PenLine, Scissors, SlidersHorizontal, Stamp, Sticker } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSection, StaticPage } from '../components/layout/static-page';
import { BulletList, Callout, StartConvertingPanel, TextLink } from '../components/static/content';
import { Badge } from '../components/ui/badge';

/** A setting's value, a file's attribute or a layer name as it is written. */
function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">{children}</code>
  );
}

/** What to set for each kind of machine work. */
const quickPicks: { job: string; settings: string }[] = [
  { job: 'Pen plotter, engraving, single-line laser cuts, handwriting', settings: 'Mode Centerline' },
  { job: 'Vinyl cutting and screen printing', settings: 'Mode Color · Layering Cut-out · Palette' },
  { job: 'Stickers and labels', settings: 'Cut contour, a few mm' },
  { job: 'Stencils', settings: 'Trace: Transparency silhouette' },
  { job: 'White lines on black', settings: 'Light lines on a dark ground' },
  { job: 'CAD, CNC and laser cutting', settings: 'True shapes · DXF' },
];

/** Each format, with what it carries of the makers' options. */
const formats: { format: DownloadFormat; carries: ReactNode }[] = [
  {
    format: 'svg',
    carries: (
      <>
        Everything: one path per color, centerline strokes as paths with <Code>fill="none"</Code> and a
        round-ended stroke, true arcs as SVG arc commands, and the cut contour as a magenta path with{' '}
        <Code>id="cut"</Code>.
      </>
    ),
  },
  {
    format: 'eps',
    carries: (
      <>
        The same shapes and strokes, with true arcs as PostScript arcs. The cut contour is a magenta line over
        the artwork.
      </>
    ),
  },
  {
    format: 'pdf',
    carries: (
      <>
        The same shapes and strokes. PDF has no arc, so arcs are written as Bézier curves that stay within
        0.03 % of the radius. The cut contour is a magenta line over the artwork.
      </>
    ),
  },
  {
    format: 'dxf',
    carries: (
      <>
        One layer per color, named by its hex (<Code>E4002B</Code>), and the cut contour on a magenta layer
        named <Code>cut</Code>. Outlines are closed LWPOLYLINEs and centerlines open ones. With True shapes,
        lines, arcs, circles and ellipses stay exact CAD geometry (LINE, ARC, CIRCLE and ELLIPSE entities, or
        arcs within a polyline) instead of many short segments. Given a width in mm or in, the drawing is in
        that unit, so it imports at its real size. The background and the cut-out gap filler are left out: a
        cutter follows outlines.
      </>
    ),
  },
];

function Section({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <PageSection id={id} title={title}>
      <div className="flex gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary sm:flex">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-3">{children}</div>
      </div>
    </PageSection>
  );
}

export function CuttingEngravingPlottingPage() {
  return (
    <StaticPage
      title="Vector Files for Cutting, Engraving and Plotting"
      metaTitle={pageMeta['/cutting-engraving-plotting'].title}
      description={pageMeta['/cutting-engraving-plotting'].description}
      intro={
        <p>
          A cutter, a laser or a plotter follows lines; it never looks at pixels. These are the options that
          turn a PNG or JPEG into a file your machine can follow, and the formats that carry them. You find
          them in the converter under Advanced, in the group For cutting, engraving and plotting.
        </p>
      }
    >
      <Callout icon={SlidersHorizontal} title="Quick picks">
        <dl className="mt-1 flex flex-col gap-2">
          {quickPicks.map((pick) => (
            <div key={pick.job} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <dt>{pick.job}</dt>
              <dd>
                <Badge className="whitespace-normal">{pick.settings}</Badge>
              </dd>
            </div>
          ))}
        </dl>
      </Callout>

      <Section id="centerline" icon={PenLine} title="Centerline: one stroke per line">
        <p>
          Black &amp; white mode draws the outline of every line: both of its edges. A plotter's pen then goes
          around each line twice, and a laser cuts a thin sliver out where you wanted one scored line.{' '}
          <strong>Centerline</strong> mode draws one open stroke along the middle of each line instead. It is
          the mode for pen plotters, engraving, single-line laser cuts and scoring, and for handwriting and
          signatures.
        </p>
        <BulletList>
          <li>
            <strong>Stroke width</strong> is the width the strokes are drawn at, in image pixels. Leave it on
            Auto to have it measured from the lines in the image, or type a width for your pen or beam.
          </li>
          <li>
            Centerline suits lines: where a mark is much wider than a line, it stays a filled shape. For
            artwork made of filled areas, trace in Black &amp; white or Color.
          </li>
        </BulletList>
        <p>
          In the SVG each stroke is a path with <Code>fill="none"</Code> and a stroke with round ends; in DXF,
          an open polyline.
        </p>
      </Section>

      <Section id="light-lines" icon={Moon} title="White lines on black: light lines on a dark ground">
        <p>
          The converter takes the dark parts of an image as the ink. For white line art on black, a chalkboard
          sketch, an engraving in white lines or a blueprint, that is the ground: a plotter would draw both
          edges of every line. Switch on <strong>Light lines on a dark ground</strong> and the light lines are
          the ink. In Black &amp; white they come out as black shapes on nothing, for a cutter or an engraver;
          in Centerline as one stroke along each line.
        </p>
        <p>
          Auto reads white lines of one ink on a plain dark ground this way by itself, when that keeps the
          picture, and keeps their look: the lines in their own color over the dark ground. Other images on
          dark grounds it keeps in color. Color and Pixel art ignore the switch.
        </p>
      </Section>

      <Section id="cut-out-layers" icon={Layers} title="Vinyl and screen printing: cut-out layers">
        <p>
          Color mode normally <strong>stacks</strong> its layers, as print does: each color is a whole shape,
          painted over the colors beneath it. That looks right, but a vinyl cutter cuts every layer's whole
          shape, so the parts hidden under other colors have to be weeded away or end up as extra thickness,
          and each layer uses more vinyl than shows.
        </p>
        <p>
          Set <strong>Layering</strong> to <strong>Cut-out</strong> and the shapes never overlap: each piece
          is exactly the part of its color that shows, ready to cut and lay side by side, or to burn as one
          screen per color. Under the shapes, a gap filler (a stroke along each seam, in one of its two
          colors) covers the seams, so neighbouring colors meet without a hairline gap; the shapes themselves
          keep their exact size.
        </p>
        <p>
          <strong>Background: Remove</strong> leaves the background out, transparent, also where it shows
          inside the picture, such as the inside of an O. Nothing is cut or printed in the background color.
        </p>
      </Section>

      <Section id="palette" icon={Stamp} title="Fixed inks and vinyl colors: a palette">
        <p>
          Screen printing uses the inks you mix, and vinyl comes in the colors you stock. Add them under{' '}
          <strong>Palette</strong> as <Code>#rrggbb</Code> codes (several at once, separated by commas, up to{' '}
          {MAX_PALETTE}) or with the color picker. Every region then takes the nearest palette color, so the
          file holds only your colors: one layer, one screen or one sheet of vinyl per color. An empty palette
          uses the image's own colors.
        </p>
        <p>
          Palette, Background and Layering apply to color results: set Mode to Color, or leave it on Auto for
          an image it reads as color.
        </p>
      </Section>

      <Section id="true-shapes" icon={Circle} title="True shapes: lines, arcs, circles and ellipses">
        <p>
          Tracing fits curves to pixels, so a straight edge can come out as several slightly bent curves and a
          round hole as a chain of Bézier curves. Switch on <strong>True shapes</strong> and straight runs
          become straight lines, and circles, ellipses and round arcs become true arcs. CAD, CNC and laser
          software read them as geometry: a hole is a circle with a radius, with fewer nodes and smoother
          machine motion.
        </p>
        <p>
          In SVG they are true arcs; in DXF, exact lines, arcs, circles and ellipses. Pixel art is drawn as
          exact squares already and is left as it is.
        </p>
      </Section>

      <Section id="cut-contour" icon={Sticker} title="Stickers: a cut contour">
        <p>
          Switch on <strong>Cut contour</strong> and give an offset: the file gets one outline around the
          whole visible shape, that far outside it, for a sticker or label cutter to follow. Holes are filled
          and separate parts are joined, so the sticker comes off in one piece. The visible shape is the
          opaque pixels of an image with transparency; on an opaque image, it is what differs from the color
          along the image's border.
        </p>
        <BulletList>
          <li>
            The offset is in mm, in or px, up to 50 mm. Millimetres and inches count 96 image pixels to the
            inch, the size the SVG opens at; downloaded at another width, the offset scales with the drawing.
          </li>
          <li>
            The line is magenta, the color print shops read as a cut: a path with <Code>id="cut"</Code> in
            SVG, a layer named <Code>cut</Code> in DXF, and a magenta line in EPS and PDF.
          </li>
          <li>It can reach past the image's edges by up to the offset.</li>
        </BulletList>
      </Section>

      <Section id="silhouette" icon={Scissors} title="Stencils: the transparency silhouette">
        <p>
          Set <strong>Trace</strong> to <strong>Transparency silhouette</strong> and the converter traces the
          shape of the opaque pixels, whatever their colors: one solid shape, ready to cut from stencil film,
          card or board. It needs an image with transparency, such as a PNG with a transparent background; on
          an image without, the conversion says so.
        </p>
        <p>
          Islands stay islands: the middle of an O is a separate piece. Add stencil bridges in your design
          tool, or start from a stencil font.
        </p>
      </Section>

      <PageSection id="formats" title="Which format carries what">
        <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
          {formats.map(({ format, carries }) => (
            <div key={format} className="flex flex-col gap-1.5 p-4 sm:grid sm:grid-cols-[6rem_1fr] sm:gap-6">
              <dt className="font-semibold">{formatDetails[format].label}</dt>
              <dd className="flex flex-col gap-1">
                <span className="text-sm font-medium">For {formatDetails[format].use}</span>
                <span className="text-sm leading-relaxed text-muted-foreground">{carries}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          Every paid image downloads in each of these formats, and as a PNG: pay {offers['pay-per-use'].price}{' '}
          for the image, or get Pro for {offers.pro.price} a month for unlimited conversions. Under Output
          size, give the width in mm or in and the {vectorFormatWords('and')} are written at that size.
          Converting, previewing and re-tuning are free.
        </p>
      </PageSection>

      <PageSection id="sources" title="Start from a good source">
        <BulletList>
          <li>
            Use the largest, sharpest image you have; lines should be at least 2-3 pixels wide. The{' '}
            <TextLink href="/how-to-vectorize-a-logo">logo guide</TextLink> has more on preparing a source.
          </li>
          <li>Flatten gradients and shadows to solid colors: a machine cuts or engraves flat shapes.</li>
          <li>Prefer PNG: JPEG noise adds shades, and only a PNG carries transparency.</li>
          <li>Check the vector preview, zoomed in, before you send a file to a machine.</li>
        </BulletList>
      </PageSection>

      <StartConvertingPanel
        title="Make a file for your machine"
        secondary={{ href: '/how-to-vectorize-a-logo', label: 'How to vectorize a logo' }}
      >
        Upload your image, open Advanced and pick the options above. Previewing is free; you pay only for the
        file you download.
      </StartConvertingPanel>
    </StaticPage>
  );
}
