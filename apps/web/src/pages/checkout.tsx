import { planIdSchema, plans } from '@vectrace/contract';
import { ArrowLeft, Lock, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { AcceptedCards } from '../components/checkout/accepted-cards';
import { PlanCard } from '../components/checkout/plan-card';
import { productName } from '../components/layout/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { usePageMeta } from '../hooks/use-page-meta';

/** Checkout: the plan (default pro), the secure payment note and the payment details. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = planIdSchema.catch('pro').parse(params.get('plan') ?? 'pro');
  usePageMeta(
    `Checkout: ${plans[plan].title} | ${productName}`,
    `Complete your purchase of the ${plans[plan].title}.`,
  );

  return (
    <div className="min-h-screen">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to {productName}
            </Link>
          </Button>
          <Badge variant="neutral" className="gap-1.5 py-1">
            <Lock aria-hidden="true" className="size-3.5" />
            Secured by Stripe
          </Badge>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Complete Your Purchase</h1>
        <p className="mt-2 text-muted-foreground">
          You're upgrading to <span className="font-semibold text-foreground">{plans[plan].title}</span>
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <PlanCard plan={plan} />
            <div className="flex items-start gap-3 rounded-xl border border-success/30 bg-success-soft p-4 text-sm">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <div>
                <p className="font-semibold">Secure Payment</p>
                <p className="text-muted-foreground">
                  Your payment is processed securely by Stripe. {productName} never sees or stores your card
                  details.
                </p>
              </div>
            </div>
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Payment Details</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <AcceptedCards />
              <p className="text-xs text-muted-foreground">
                By completing your purchase you agree to our{' '}
                <a href="#terms" className="underline hover:text-foreground">
                  Terms of Service
                </a>{' '}
                and{' '}
                <a href="#privacy" className="underline hover:text-foreground">
                  Privacy Policy
                </a>
                . You can cancel your subscription at any time.
              </p>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
