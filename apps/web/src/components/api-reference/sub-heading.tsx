import type { ReactNode } from 'react';

/** The heading of a part of an endpoint: Parameters, Request body, Responses. */
export function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h4 id={id} className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
      {children}
    </h4>
  );
}
