import { apiPaths, offers, type SandboxCard } from '@vectrace/contract';
import type { PaymentIntentHandle } from '../../hooks/use-payment-intent';
import { paymentFailedToast, usePaymentSucceeded } from '../../hooks/use-payment-succeeded';
import { apiJson } from '../../lib/api';
import { ReceiptEmailField, useReceiptEmail } from './receipt-email-field';
import { SandboxCardForm } from './sandbox-card-form';
import { TestModeNotice } from './test-mode-notice';

/** Pay per conversion in the sandbox: the test card form, confirmed by the server's sandbox. */
export function SandboxPaymentForm({
  intent,
  conversionId,
}: {
  intent: PaymentIntentHandle;
  conversionId: string;
}) {
  const succeeded = usePaymentSucceeded();
  const receipt = useReceiptEmail(conversionId);

  const pay = async (card: SandboxCard) => {
    await receipt.save();
    await apiJson<{ status: string }>('POST', apiPaths.sandboxPaymentIntentConfirm(intent.paymentIntentId), {
      client_secret: intent.clientSecret,
      card,
    });
    succeeded(intent.paymentIntentId, conversionId);
  };

  return (
    <div className="flex flex-col gap-4">
      <TestModeNotice />
      <SandboxCardForm
        submitLabel={`Complete Payment - ${offers['pay-per-use'].price}`}
        onPay={pay}
        onError={paymentFailedToast}
        fields={<ReceiptEmailField receipt={receipt} />}
      />
    </div>
  );
}
