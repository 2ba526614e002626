import type { PaymentConfig } from '@vectrace/contract';
import { ShieldCheck } from 'lucide-react';
import { productName } from '../layout/brand';

/** The Secure Payment note beside the form; in the sandbox it says no card is charged. */
export function SecurePaymentNote({ provider }: { provider: PaymentConfig['provider'] | undefined }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-success/30 bg-success-soft p-4 text-sm">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div>
        <p className="font-semibold">Secure Payment</p>
        <p className="text-muted-foreground">
          {provider === 'sandbox'
            ? `This checkout runs in test mode, so no card is charged. With live payments, Stripe processes your card and ${productName} never sees or stores the details.`
            : `Your payment is processed securely by Stripe. ${productName} never sees or stores your card details.`}
        </p>
      </div>
    </div>
  );
}
