import { pageMeta } from '@vectrace/contract';
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
import { useAuth } from '../hooks/use-auth';
import { usePageMeta } from '../hooks/use-page-meta';

/** Home: the converter, then what the product does, its prices, the API, the FAQ and the guides. */
export function HomePage() {
  const { user } = useAuth();
  usePageMeta(pageMeta['/'].title, pageMeta['/'].description);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex-1">
        <Hero />
        <section
          id="converter"
          aria-label="Converter"
          className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6"
        >
          {/* A new converter when who is signed in changes: one account's work never shows in another's. */}
          <Converter key={user?.id ?? 'visitor'} />
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
