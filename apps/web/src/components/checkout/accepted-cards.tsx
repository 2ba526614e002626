/**
 * The "We accept" row: the cards the checkout takes, drawn inline (no outside images). No wallet
 * mark: the sandbox takes cards only, and Stripe shows a wallet only where its account and the
 * device allow one, which the page cannot promise.
 */
const marks = [
  { name: 'Visa', className: 'bg-[#1a1f71] text-white italic' },
  { name: 'Mastercard', className: 'bg-[#231f20] text-[#f79e1b]' },
  { name: 'Amex', className: 'bg-[#2e77bc] text-white' },
];

export function AcceptedCards() {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">We accept</span>
      <ul className="flex flex-wrap gap-2">
        {marks.map((mark) => (
          <li
            key={mark.name}
            className={`flex h-7 min-w-12 items-center justify-center rounded-md px-2 text-[11px] font-bold tracking-tight ${mark.className}`}
          >
            {mark.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
