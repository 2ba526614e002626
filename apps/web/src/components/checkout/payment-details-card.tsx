import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { AcceptedCards } from './accepted-cards';

/** The Payment Details card: the form (or what stands in for it), the cards accepted, the terms. */
export function PaymentDetailsCard({ children }: { children: ReactNode }) {
  return (
    <Card className="min-w-0 lg:self-start">
      <CardHeader>
        <CardTitle as="h2">Payment Details</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {children}
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
  );
}
