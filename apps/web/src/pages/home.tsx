import { Converter } from '../components/converter/converter';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { usePageMeta } from '../hooks/use-page-meta';

/** Home: the converter, then what the product does, its prices, the API, the FAQ and the guides. */
export function HomePage() {
  usePageMeta(
    'Vectrace: Convert PNG and JPG to SVG Vectors Online',
    'Turn PNG and JPEG images into clean, scalable SVG vectors for logos, icons, stickers, cutting and print. Upload, tune the settings, preview, and download.',
  );
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex-1">
        <section id="converter" aria-label="Converter" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
          <Converter />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
