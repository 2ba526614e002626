import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { Brand } from './brand';
import { mainContentId } from './skip-link';

/** A page that is one card under the brand, centred: the 404, a receipt link being opened. */
export function CardPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 px-4 py-12">
      <header>
        <Brand />
      </header>
      <main id={mainContentId} className="w-full max-w-md">
        <Card className="flex flex-col gap-5 p-6 sm:p-8">{children}</Card>
      </main>
    </div>
  );
}
