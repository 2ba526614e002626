import type { MouseEvent } from 'react';

/** The id every page gives its <main>, where "Skip to content" goes. */
export const mainContentId = 'main-content';

// Focus moves to the page's main itself (made focusable for the moment, without a ring): the next
// Tab then goes to its first control. The page's first <main> stands in for one without the id.
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Not followed as a link: the address keeps its own fragment (/#pricing stays).
  event.preventDefault();
  const main = document.getElementById(mainContentId) ?? document.querySelector('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.classList.add('outline-none');
  main.focus();
}

/** The first thing Tab reaches on every page: hidden until focused, it jumps over the header. */
export function SkipLink() {
  return (
    <a
      href={`#${mainContentId}`}
      onClick={skipToContent}
      className="sr-only rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      Skip to content
    </a>
  );
}
