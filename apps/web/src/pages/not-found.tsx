import { AlertCircle, ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { productName } from '../components/layout/brand';
import { CardPage } from '../components/layout/card-page';
import { TextLink } from '../components/static/content';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';

/** Any address without a page: says so, and offers the way home. */
export function NotFoundPage() {
  usePageMeta(
    `Page not found | ${productName}`,
    `This page does not exist. Go back to ${productName} to convert PNG and JPEG images into SVG vectors.`,
  );
  const [location] = useLocation();
  return (
    <CardPage>
      <div className="flex items-center gap-3">
        <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-danger" />
        <h1 className="text-2xl font-bold tracking-tight">This page does not exist</h1>
      </div>
      <p className="text-muted-foreground">
        Nothing lives at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm text-foreground [overflow-wrap:anywhere]">
          {location}
        </code>
        . The link may be old or mistyped: the converter is on the home page.
      </p>
      <Button asChild size="lg" className="self-start">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
      </Button>
      <p className="border-t border-border pt-4 text-sm text-muted-foreground">
        Looking for a guide? Try <TextLink href="/png-to-svg">PNG to SVG</TextLink> or{' '}
        <TextLink href="/how-to-vectorize-a-logo">How to Vectorize a Logo</TextLink>.
      </p>
    </CardPage>
  );
}
