import { Link } from 'wouter';

/** The product's name; the header's way home. */
export const productName = 'Vectrace';

export function Brand() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md font-bold text-lg tracking-tight focus-visible:outline-2 focus-visible:outline-ring"
    >
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span>{productName}</span>
    </Link>
  );
}
