import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { PaymentProvider } from './payment-provider.js';
import { type SandboxPayments, sandboxProvider } from './sandbox-provider.js';
import { stripeProvider } from './stripe-provider.js';

/** The payment provider chosen by the configuration, and the sandbox's own calls when it runs. */
export function openPayments(
  config: Config,
  db: Db,
  clock: Clock,
): { payments: PaymentProvider; sandbox: SandboxPayments | undefined } {
  if (config.payments.provider === 'stripe')
    return { payments: stripeProvider(config.payments), sandbox: undefined };
  const provider = sandboxProvider(db, clock);
  return { payments: provider, sandbox: provider.sandbox };
}
