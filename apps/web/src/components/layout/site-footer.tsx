import { Link } from 'wouter';
import { productName } from './brand';

const links = [
  { href: '/png-to-svg', label: 'PNG to SVG' },
  { href: '/how-to-vectorize-a-logo', label: 'How to Vectorize a Logo' },
  { href: '/cutting-engraving-plotting', label: 'Cutting, Engraving and Plotting' },
  { href: '/api/docs', label: 'API Reference' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
];

/** Every page's footer: the guides, the API reference, privacy, and the copyright line. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© 2024 {productName}. All rights reserved.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className="hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
