import { History, Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Latest result or the one before it, one click apart, to compare a change of settings. */
export function ResultChoice({
  showPrevious,
  onChange,
}: {
  showPrevious: boolean;
  onChange: (showPrevious: boolean) => void;
}) {
  const option = (previous: boolean, label: string, Icon: typeof History) => (
    <button
      type="button"
      aria-pressed={showPrevious === previous}
      onClick={() => onChange(previous)}
      className={cn(
        'inline-flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium',
        'focus-visible:outline-2 focus-visible:outline-ring',
        showPrevious === previous ? 'bg-surface shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
  return (
    <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
      <legend className="sr-only">Result to show</legend>
      {option(false, 'Latest result', Sparkles)}
      {option(true, 'Previous settings', History)}
    </fieldset>
  );
}
