import { pageMeta } from '@vectrace/contract';
import { useCallback, useRef, useState } from 'react';
import { Converter } from '../components/converter/converter';
import { ConversionHistory } from '../components/history/conversion-history';
import { ApiSection } from '../components/home/api-section';
import { Faq } from '../components/home/faq';
import { Features } from '../components/home/features';
import { Guides } from '../components/home/guides';
import { Hero } from '../components/home/hero';
import { HowItWorks } from '../components/home/how-it-works';
import { Pricing } from '../components/home/pricing';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { mainContentId } from '../components/layout/skip-link';
import { useAuth } from '../hooks/use-auth';
import { usePageMeta } from '../hooks/use-page-meta';
import { cn } from '../lib/cn';

/** Home: the converter, then what the product does, its prices, the API, the FAQ and the guides. */
export function HomePage() {
  const { user } = useAuth();
  usePageMeta(pageMeta['/'].title, pageMeta['/'].description);
  const [working, setWorking] = useState(false);
  const converter = useRef<HTMLElement>(null);
  // With an image in, the converter is the page: full width, the hero stepped aside, in view.
  const changeWorking = useCallback((active: boolean) => {
    setWorking(active);
    if (active && (converter.current?.getBoundingClientRect().top ?? 0) < 0) {
      converter.current?.scrollIntoView({ block: 'start' });
    }
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id={mainContentId} className="flex-1">
        <Hero hidden={working} />
        <section
          ref={converter}
          id="converter"
          aria-label="Converter"
          className={cn(
            'mx-auto w-full scroll-mt-16 px-4 pb-16 sm:px-6',
            working ? 'max-w-[120rem] pt-4' : 'max-w-6xl',
          )}
        >
          {/* A new converter when who is signed in changes: one account's work never shows in another's. */}
          <Converter key={user?.id ?? 'visitor'} onActiveChange={changeWorking} />
          <div className="mt-6">
            <ConversionHistory key={user?.id ?? 'visitor'} />
          </div>
        </section>
        <HowItWorks />
        <Features />
        <Pricing />
        <ApiSection />
        <Faq />
        <Guides />
      </main>
      <SiteFooter />
    </div>
  );
}
