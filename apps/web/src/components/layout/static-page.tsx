import type { ReactNode } from 'react';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PagesHeader } from './pages-header';
import { SiteFooter } from './site-footer';
import { mainContentId } from './skip-link';

/** The frame of the guides and the privacy policy: shared navigation, title, footer. */
export function StaticPage({
  title,
  metaTitle,
  description,
  intro,
  children,
}: {
  title: string;
  metaTitle: string;
  description: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageMeta(metaTitle, description);
  return (
    <div className="flex min-h-screen flex-col">
      <PagesHeader />
      <main id={mainContentId} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
        <div className="prose-content mt-10 flex flex-col gap-10">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A titled section of a static page, with an id to link to. */
export function PageSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="flex flex-col gap-3 leading-relaxed"
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
