import type { SandboxCard } from '@vectrace/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cardErrorField, formatCardNumber, formatCvc, formatExpiry, withoutStatus } from '../../lib/checkout';
import { FormAlert } from '../ui/form-alert';
import { Input, Label } from '../ui/input';
import { PendingButton } from '../ui/pending-button';

interface SandboxCardFormProps {
  /** The button's text when idle, e.g. "Complete Payment - $1.00" or "Subscribe". */
  submitLabel: ReactNode;
  /** Sends the card; resolves when the page is about to move on, throws with the server's sentence. */
  onPay: (card: SandboxCard) => Promise<void>;
  /** Told about a failure (the form also shows it under the button). */
  onError?: (message: string) => void;
  disabled?: boolean;
  /** Fields asked before the card's (the receipt's address), checked with the form. */
  fields?: ReactNode;
}

/** The sandbox's card fields (number, expiry, CVC) and pay button, standing in for Stripe's. */
export function SandboxCardForm({ submitLabel, onPay, onError, disabled, fields }: SandboxCardFormProps) {
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
      {fields}
      <CardField
        id={`${id}-number`}
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(value) => setNumber(formatCardNumber(value))}
        invalid={invalid === 'number'}
        describedBy={described}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          id={`${id}-expiry`}
          label="Expiry"
          name="exp-date"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(value) => setExpiry(formatExpiry(value))}
          invalid={invalid === 'expiry'}
          describedBy={described}
        />
        <CardField
          id={`${id}-cvc`}
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(value) => setCvc(formatCvc(value))}
          invalid={invalid === 'cvc'}
          describedBy={described}
        />
      </div>
      <FormAlert id={errorId} message={error} />
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={busy}
        pendingLabel="Processing..."
        disabled={disabled}
      >
        {submitLabel}
      </PendingButton>
    </form>
  );
}

/** One labelled card field: numeric keyboard, the browser's card autofill, formatted as typed. */
function CardField(props: {
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.name}
        autoComplete={props.autoComplete}
        inputMode="numeric"
        placeholder={props.placeholder}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        className="font-mono tracking-wide"
      />
    </div>
  );
}
