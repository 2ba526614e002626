import {
  MAX_PNG_SIDE,
  maxUploadWords,
  offers,
  pageMeta,
  retentionWords,
  vectorFormatWords,
} from '@vectrace/contract';
import { Lightbulb, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSection, StaticPage } from '../components/layout/static-page';
import { BulletList, Callout, StartConvertingPanel, TextLink } from '../components/static/content';
import { Badge } from '../components/ui/badge';

/** The settings panel's controls, with what to choose for a logo and why. */
const settings = [
  {
    name: 'Mode',
    value: 'Auto, Black & white or Color',
    text: 'Auto, the default, reads the logo and picks one of the others. Black & white gives one black shape on a transparent background, ideal for one-color logos (you can recolor it later); Color keeps logos with several flat colors in their colors.',
  },
  {
    name: 'Colors',
    value: 'Auto',
    text: 'Color mode only. Auto keeps every color that covers a visible area, thin outlines included. If it picks up extra shades, set the number of colors in your logo, counting the background (2 to 128).',
  },
  {
    name: 'Threshold',
    value: '50',
    text: 'Decides what counts as ink in Black & white mode. At the default of 30 the image decides: mid-gray for artwork (a logo with nothing darker is cut between its own shades), and the paper around each stroke on a photo or scan of a page. 50 cuts a little lighter, which keeps most logos crisp; 30 to 40 keeps fine detail, thin strokes and light-gray parts.',
  },
  {
    name: 'Smoothness',
    value: '70-80',
    text: 'How readily pixel steps become smooth curves. Go to 80-90 if the source has jagged, pixelated edges.',
  },
  {
    name: 'Corner Detection',
    value: 'Auto or Sharp',
    text: 'Auto follows Smoothness. Sharp also keeps a corner wherever the outline turns sharply, for geometric marks and lettering, and never puts one on a circle. Rounded keeps fewer corners; None turns every corner into a curve.',
  },
  {
    name: 'Quality',
    value: 'High',
    text: 'High fits the curves a little closer and keeps smaller details, for the file you keep. Draft and Standard are quicker for trying settings; Ultra keeps the smallest details, with the most path data.',
  },
];

const steps: { title: string; body: ReactNode }[] = [
  {
    title: 'Prepare a high-resolution source',
    body: (
      <>
        <p>
          The trace can only be as good as the image it follows. Use the original file from your designer or
          brand kit if you have one, and export it at <strong>300 DPI or more</strong>. Check that the
          thinnest lines are <strong>at least 2-3 pixels thick</strong>: anything thinner can break up or
          vanish.
        </p>
        <BulletList>
          <li>Crop to the logo, leaving a small margin around it.</li>
          <li>Remove backgrounds, drop shadows, mockup effects and watermarks.</li>
          <li>Prefer PNG. If you only have a JPEG, use the largest, least compressed version.</li>
          <li>Don't enlarge a small image in an editor first: upscaling adds blur, not detail.</li>
        </BulletList>
      </>
    ),
  },
  {
    title: 'Upload it',
    body: (
      <p>
        Open the <TextLink href="/">converter on the home page</TextLink> and drop your file onto the upload
        zone, or click the zone to choose it. PNG, JPG and JPEG files up to {maxUploadWords} are accepted (and
        WebP, GIF, BMP and TIFF), and the upload starts at once. If it fails, click the zone to try again.
      </p>
    ),
  },
  {
    title: 'Choose settings',
    body: (
      <p>
        In the settings panel, start from these values for a logo. Reset restores the defaults if you lose
        track.
      </p>
    ),
  },
  {
    title: 'Convert and preview',
    body: (
      <p>
        Tracing starts as soon as the upload ends; a setting changed afterwards traces the logo again. It is
        usually ready within seconds. Then switch the preview between Original and Vector to compare them. The
        preview is free and carries a watermark until you pay. Below it you'll see the file size and the
        vector count, the number of shapes in the result: a surprisingly high count for a simple logo usually
        means specks or background texture were traced.
      </p>
    ),
  },
  {
    title: 'Check and refine',
    body: (
      <>
        <p>Look closely at the vector preview before you pay:</p>
        <BulletList>
          <li>Are corners crisp where the logo has corners, and curves smooth where it has curves?</li>
          <li>Are thin lines, small text and the holes in letters like a, e and o intact?</li>
          <li>Are there stray specks or blobs that aren't part of the logo?</li>
        </BulletList>
        <p>
          If something is off, change one setting at a time and convert again; the{' '}
          <TextLink href="#troubleshooting">troubleshooting list</TextLink> below says which one. Converting
          again is free: you only pay for the version you download.
        </p>
      </>
    ),
  },
  {
    title: 'Download',
    body: (
      <p>
        Pay {offers['pay-per-use'].price} for that conversion, or get Pro for {offers.pro.price} a month for
        unlimited conversions. Then choose Download SVG for the vector file (or{' '}
        {vectorFormatWords('and', ['svg'])} for print and cutting), Download PNG for a crisp bitmap up to{' '}
        {MAX_PNG_SIDE} pixels wide, on white or transparent, or Copy SVG Code to paste it straight into a web
        page or design tool. Uploads and results are deleted from our servers {retentionWords}, so save your
        files right away.
      </p>
    ),
  },
];

const advancedTips = [
  {
    title: 'High Smoothness needs Sharp corners',
    text: 'With Corner Detection on Auto, corners grow rarer as Smoothness rises, and from about 82 up none are left. If you need 85-90 to clean up jagged edges on a logo with corners, set Corner Detection to Sharp so they stay pointed.',
  },
  {
    title: 'Light colors and reversed logos',
    text: 'Black & white mode traces the dark parts of the image. Beside darker ink, pale colors such as yellow drop out (a logo that is pale all over is still traced), and a white logo on a dark background comes out as a dark rectangle with the logo cut out. Use Color mode for both, or invert the image before uploading.',
  },
  {
    title: 'Backgrounds and recoloring',
    text: 'Black & white output has no background, just one black fill you can change to any color in an editor or in the SVG code. In Color mode a transparent PNG stays transparent; an opaque image gets its background color as a full-size rectangle, the first shape in the file: delete it if you need transparency, or choose a transparent background when you download a PNG.',
  },
  {
    title: 'Gradients and shadows',
    text: 'In Color mode a smooth gradient can become one shape filled with a linear or radial gradient, which SVG, PDF and EPS keep: Auto does this where it makes the result smaller, and the Advanced setting Smooth shading as gradients wherever a gradient fits. Otherwise a gradient becomes bands of its own colors, and DXF fills each shape with one color. For flat shapes, flatten gradients to solid colors in the source and reapply them in your design tool afterwards.',
  },
  {
    title: 'Small details and specks',
    text: 'In Black & white mode, Draft drops specks of up to 4 pixels, Standard and High up to 2, and Ultra only single pixels; in Color mode, Standard keeps regions from 6 pixels (High 5, Ultra 3). For a logo with tiny dots or fine serifs, use High or Ultra; for a noisy scan, a lower quality cleans up more.',
  },
  {
    title: 'Taglines in small type',
    text: 'Very small text is the hardest thing to trace. If your logo carries a tagline and you know its font, vectorize the mark and headline, then retype the tagline in your design tool.',
  },
];

const troubleshooting = [
  {
    problem: 'Edges look wobbly or bumpy',
    fix: 'Raise Smoothness to 80-90, and use a larger source image if you have one.',
  },
  {
    problem: 'Corners are rounded off',
    fix: 'Set Corner Detection to Sharp, or lower Smoothness a little.',
  },
  {
    problem: 'Curves have small kinks or unwanted points',
    fix: 'Raise Smoothness, or set Corner Detection to Rounded.',
  },
  {
    problem: 'Thin lines are broken or missing',
    fix: 'Lower Threshold to 30-40 and choose Quality High or Ultra. If lines are thinner than 2-3 pixels in the source, export it at a higher resolution.',
  },
  {
    problem: 'Letters fill in or shapes bleed together',
    fix: 'Raise Threshold so only darker pixels count as ink, and use a sharper, higher-resolution source.',
  },
  {
    problem: 'Specks, blobs or background shading are traced',
    fix: 'Raise Threshold so light shading drops out, crop away the background, and avoid Ultra on noisy images.',
  },
  {
    problem: 'The result is almost empty',
    fix: 'The logo is too light for the threshold. Lower Threshold, or switch Mode to Color.',
  },
  {
    problem: 'The whole image became one dark shape',
    fix: 'The background is dark. Switch Mode to Color, or invert the image before uploading.',
  },
  {
    problem: 'Color mode shows extra or wrong colors',
    fix: 'Set Colors to the number of colors in the logo, background included. JPEG noise adds shades, so use a PNG when you can.',
  },
  {
    problem: 'The upload is refused',
    fix: `Only PNG, JPEG, WebP, GIF, BMP and TIFF files up to ${maxUploadWords} are accepted, and a damaged file is refused with the reason. Export a PNG, or reduce the image size, and try again.`,
  },
];

export function HowToVectorizeALogoPage() {
  return (
    <StaticPage
      title="How to Vectorize a Logo"
      metaTitle={pageMeta['/how-to-vectorize-a-logo'].title}
      description={pageMeta['/how-to-vectorize-a-logo'].description}
      intro={
        <p>
          A logo that exists only as a PNG or JPEG turns blurry on a banner, and it isn't what a print shop or
          a cutting machine needs. This guide takes you from bitmap to a clean SVG in six steps, with the
          settings that work best for logos.
        </p>
      }
    >
      <Callout icon={SlidersHorizontal} title="Recommended settings for logos">
        <p>
          Threshold 50 (30-40 for fine detail) · Smoothness 70-80 (80-90 for jagged edges) · Corner Detection
          Auto or Sharp · Quality High for the final file · Mode Color for multi-color logos.
        </p>
      </Callout>

      <PageSection id="steps" title="Six steps from bitmap to vector">
        <ol className="flex flex-col gap-8">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-3 pt-1">
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                {step.body}
                {index === 2 ? <SettingsTable /> : null}
              </div>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="advanced-tips" title="Advanced tips">
        <ul className="grid gap-4 sm:grid-cols-2">
          {advancedTips.map((tip) => (
            <li
              key={tip.title}
              className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-5"
            >
              <h3 className="flex items-start gap-2 font-semibold">
                <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                {tip.title}
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{tip.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="troubleshooting" title="Troubleshooting">
        <p>Find what you see in the preview, then try the fix.</p>
        <dl className="divide-y divide-border rounded-xl border border-border bg-surface">
          {troubleshooting.map((item) => (
            <div
              key={item.problem}
              className="flex flex-col gap-1 p-4 sm:grid sm:grid-cols-[14rem_1fr] sm:gap-6"
            >
              <dt className="font-semibold">{item.problem}</dt>
              <dd className="text-muted-foreground">{item.fix}</dd>
            </div>
          ))}
        </dl>
        <p>
          Converting something other than a logo? The <TextLink href="/png-to-svg">PNG to SVG guide</TextLink>{' '}
          covers which images trace well and where tracing reaches its limits.
        </p>
      </PageSection>

      <StartConvertingPanel
        title="Vectorize your logo now"
        secondary={{ href: '/png-to-svg', label: 'PNG to SVG guide' }}
      >
        Upload your logo, apply the settings above and compare the result with the original. Previewing is
        free; you pay only for the file you download.
      </StartConvertingPanel>
    </StaticPage>
  );
}

/** The recommended settings, one row per control of the settings panel. */
function SettingsTable() {
  return (
    <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
      {settings.map((setting) => (
        <div key={setting.name} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 p-4">
          <dt className="font-semibold">{setting.name}</dt>
          <dd>
            <Badge className="whitespace-nowrap">{setting.value}</Badge>
          </dd>
          <dd className="basis-full text-sm leading-relaxed text-muted-foreground">{setting.text}</dd>
        </div>
      ))}
    </dl>
  );
}
