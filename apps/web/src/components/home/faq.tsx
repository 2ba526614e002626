import { maxUploadWords, offers, proPaysFrom, retentionWords } from '@vectrace/contract';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../ui/accordion';
import { HomeSection } from './section';

const perConversion = offers['pay-per-use'].price;
const pro = offers.pro.price;

const linkClass =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

const questions: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'file-types',
    question: 'What file types can I convert?',
    answer: `PNG, JPG and JPEG images up to ${maxUploadWords}, and WebP, GIF (its first frame), BMP and TIFF too. Logos, icons, line art and other images with clear edges give the cleanest vectors.`,
  },
  {
    id: 'how-it-works',
    question: 'How does the conversion work?',
    answer:
      'The converter traces the outlines in your image and fits them with smooth Bézier curves and sharp corners, so you get paths instead of pixels. In black and white mode the threshold decides what counts as artwork; in color mode each color of a palette becomes its own layer.',
  },
  {
    id: 'cost',
    question: 'How much does it cost?',
    answer: `Uploading, converting and previewing are free. To download, pay ${perConversion} per image, or subscribe to Pro for ${pro} per month with unlimited conversions. A payment unlocks the image, not one set of settings: every re-tuning of the same upload downloads without paying again, until its files are deleted (${retentionWords} of upload).`,
  },
  {
    id: 'which-plan',
    question: 'Which plan should I choose?',
    answer: `If you convert ${proPaysFrom} or more images a month, choose Pro: ${proPaysFrom} conversions at ${perConversion} each cost more than a month of Pro at ${pro}. For an occasional file, pay per conversion with no monthly commitment.`,
  },
  {
    id: 'data',
    question: 'Is my data safe, and how long do you keep my files?',
    answer: (
      <>
        Your images are processed securely and deleted automatically {retentionWords}, originals and vectors
        alike, or sooner when you delete a result from your history. Payments go through our card payment
        provider, and we never store your card details. See our{' '}
        <Link href="/privacy" className={linkClass}>
          privacy policy
        </Link>
        .
      </>
    ),
  },
  {
    id: 'commercial',
    question: 'Can I use the result commercially?',
    answer:
      'Yes. You have full commercial rights to the vectors you create, for products, merchandise, signage, print and client work, as long as you have the right to use the original image.',
  },
  {
    id: 'cancel',
    question: 'Can I cancel Pro?',
    answer: 'Yes, at any time. Pro is billed monthly, with no long-term contract.',
  },
  {
    id: 'settings',
    question: 'What settings give the best results?',
    answer: (
      <>
        Start with the defaults. For a logo, try threshold 50 (30 to 40 to keep fine detail), smoothness 70 to
        80 (80 to 90 for jagged edges), corner detection Auto or Sharp, and High quality for the final file. A
        sharp source of at least 300 DPI, with lines at least 2 to 3 pixels wide, helps most. Our guide{' '}
        <Link href="/how-to-vectorize-a-logo" className={linkClass}>
          How to Vectorize a Logo
        </Link>{' '}
        walks through it step by step.
      </>
    ),
  },
];

/** Eight answers, one open at a time. */
export function Faq() {
  return (
    <HomeSection
      id="faq"
      eyebrow="FAQ"
      title="Frequently Asked Questions"
      lead="Quick answers about files, pricing, privacy and results."
      tone="surface"
    >
      <Accordion type="single" collapsible className="mx-auto max-w-3xl border-t border-border">
        {questions.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
            <AccordionContent className="text-base">{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </HomeSection>
  );
}
