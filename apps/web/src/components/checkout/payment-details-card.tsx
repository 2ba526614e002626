import { offers, type PlanId } from '@vectrace/contract';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { AcceptedCards } from './accepted-cards';

/**
 * The Payment Details card: the form (or what stands in for it), the cards accepted, the terms. On
 * a phone it comes first, under the line that says what is bought, so the card form is in view.
 */
export function PaymentDetailsCard({ plan, children }: { plan: PlanId; children: ReactNode }) {
  return (
    <Card className="order-first min-w-0 lg:order-none lg:self-start">
      <CardHeader>
        <CardTitle as="h2">Payment Details</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {children}
        <AcceptedCards />
        <p className="text-xs text-muted-foreground">
          By completing your purchase you agree to our{' '}
          <Link href="/terms" className="underline hover:text-foreground">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy" className="underline hover:text-foreground">
            Privacy Policy
          </Link>
          .{' '}
          {plan === 'pro'
            ? 'You can cancel your subscription at any time: Pro lasts until the end of the month paid for.'
            : `This is a single payment of ${offers['pay-per-use'].price}: nothing is charged again.`}
        </p>
      </CardContent>
    </Card>
  );
}
