import type { SandboxCard } from '@vectrace/contract';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cardErrorField, formatCardNumber, formatCvc, formatExpiry, withoutStatus } from '../../lib/checkout';
import { Button } from '../ui/button';
import { Input, Label } from '../ui/input';
import { Spinner } from '../ui/spinner';

interface SandboxCardFormProps {
  /** The button's text when idle, e.g. "Complete Payment - $1" or "Subscribe". */
  submitLabel: ReactNode;
  /** Sends the card; resolves when the page is about to move on, throws with the server's sentence. */
  onPay: (card: SandboxCard) => Promise<void>;
  /** Told about a failure (the form also shows it under the button). */
  onError?: (message: string) => void;
  disabled?: boolean;
}

/** The sandbox's card fields (number, expiry, CVC) and pay button, standing in for Stripe's. */
export function SandboxCardForm({ submitLabel, onPay, onError, disabled }: SandboxCardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onPay({ number, expiry, cvc });
      // Success leaves the page: the button stays busy until it does.
    } catch (caught) {
      const message = withoutStatus(errorMessage(caught, 'Payment failed'));
      setError(message);
      setBusy(false);
      onError?.(message);
    }
  };

  const described = error ? errorId : undefined;
  const invalid = error ? cardErrorField(error) : null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <Input
          id={`${id}-number`}
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          required
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          aria-invalid={invalid === 'number' || undefined}
          aria-describedby={described}
          className="font-mono tracking-wide"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-expiry`}>Expiry</Label>
          <Input
            id={`${id}-expiry`}
            name="exp-date"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            required
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            aria-invalid={invalid === 'expiry' || undefined}
            aria-describedby={described}
            className="font-mono"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            id={`${id}-cvc`}
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
            required
            value={cvc}
            onChange={(event) => setCvc(formatCvc(event.target.value))}
            aria-invalid={invalid === 'cvc' || undefined}
            aria-describedby={described}
            className="font-mono"
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-danger">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy || disabled}>
        {busy ? (
          <>
            <Spinner />
            Processing...
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
