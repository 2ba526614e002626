import { cn } from '../../lib/cn';

const tones: Record<string, string> = {
  GET: 'bg-success-soft text-success',
  POST: 'bg-primary-soft text-primary',
  PUT: 'bg-warning-soft text-amber-800',
  PATCH: 'bg-warning-soft text-amber-800',
  DELETE: 'bg-red-50 text-danger',
};

/** An HTTP method as a small coloured label: reads the same in the list and beside the path. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md px-1.5 py-0.5 font-mono text-[11px] font-bold tracking-wide',
        tones[method] ?? 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {method}
    </span>
  );
}
