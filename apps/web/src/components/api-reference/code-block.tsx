import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../hooks/use-toast';
import { cn } from '../../lib/cn';

/** A command or example on a dark panel, with a Copy button that puts it on the clipboard as shown. */
export function CodeBlock({
  code,
  label,
  copyName = `Copy ${label.toLowerCase()}`,
  className,
}: {
  code: string;
  label: string;
  /** The Copy button's name for screen readers, when "Copy" and the label are not enough. */
  copyName?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <figure className={cn('min-w-0 overflow-hidden rounded-xl bg-slate-900 shadow-sm', className)}>
      <figcaption className="flex items-center justify-between gap-3 border-b border-white/10 py-1.5 pr-1.5 pl-4">
        <span className="truncate text-xs font-medium text-slate-300">{label}</span>
        <button
          type="button"
          onClick={copy}
          aria-label={copyName}
          className="inline-flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-3.5"
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </button>
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:text-[13px]"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
