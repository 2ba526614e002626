import { useId, useState } from 'react';
import { useAuth } from '../../hooks/use-auth';
import { readReceiptEmail, saveReceiptEmail } from '../../lib/receipt-email';
import { Input, Label } from '../ui/input';

/** The receipt's address as the checkout holds it, and the step that sends it before paying. */
export interface ReceiptEmail {
  typed: string;
  setTyped(value: string): void;
  /** Before the card is confirmed: where a visitor's receipt goes (a signed-in buyer's goes to the account). */
  save(): Promise<void>;
}

export function useReceiptEmail(conversionId: string): ReceiptEmail {
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  return {
    typed,
    setTyped,
    async save() {
      if (user) return;
      const read = readReceiptEmail(typed);
      if (read.problem !== null) throw new Error(read.problem);
      await saveReceiptEmail(conversionId, read.email);
    },
  };
}

/**
 * Where the receipt goes: an optional field for a visitor, checked with the sign-up rules before
 * the form can be sent; a line naming the account's address for a signed-in buyer.
 */
export function ReceiptEmailField({ receipt }: { receipt: ReceiptEmail }) {
  const { user } = useAuth();
  const id = useId();
  const [shown, setShown] = useState<string | null>(null);
  const problem = readReceiptEmail(receipt.typed).problem;

  if (user) {
    return (
      <p className="text-sm text-muted-foreground">
        Your receipt, with a link to find this file again, goes to{' '}
        <span className="font-medium text-foreground [overflow-wrap:anywhere]">{user.email}</span>.
      </p>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>E-mail for your receipt (optional)</Label>
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={receipt.typed}
        onChange={(event) => {
          const next = event.target.value;
          receipt.setTyped(next);
          // The form is not sent while the address breaks a rule: the browser asks the field first.
          event.target.setCustomValidity(readReceiptEmail(next).problem ?? '');
          setShown(null);
        }}
        onBlur={() => setShown(problem)}
        onInvalid={(event) => {
          event.preventDefault();
          setShown(problem ?? event.currentTarget.validationMessage);
          event.currentTarget.focus();
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        We send the receipt and a link that opens this file in any browser until it is deleted. Without an
        address, the link is shown after payment.
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
