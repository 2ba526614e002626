import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frame of the sandbox's stand-ins for Stripe's hosted pages: a test-mode band, then the page. */
export function SandboxHostedShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <div className="flex items-center justify-center gap-2 border-b border-amber-300/60 bg-warning-soft px-4 py-2 text-center text-sm font-medium text-amber-900">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
        Test mode: no real payment
      </div>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}

/** A hosted page that cannot go on: what happened, and the way back. */
export function SandboxHostedMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-xl border border-border bg-surface p-6 shadow-sm">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
