import { offers, type PlanId } from '@vectrace/contract';
import { Check, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card';
import { HomeSection } from './section';

const cards: {
  id: PlanId;
  description: string;
  cta: string;
  popular?: boolean;
}[] = [
  {
    id: 'pay-per-use',
    description: 'For a one-off logo or the occasional file.',
    cta: 'Pay per conversion',
  },
  {
    id: 'pro',
    description: 'For designers and makers who convert regularly.',
    cta: 'Get Pro',
    popular: true,
  },
];

/** The two plans, each leading to its checkout. */
export function Pricing() {
  return (
    <HomeSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple, transparent pricing"
      lead="Converting and previewing are free. Pay only to download: per conversion, or unlimited with Pro."
      tone="surface"
    >
      <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {cards.map((card) => {
          const plan = offers[card.id];
          return (
            <li key={card.id}>
              <Card
                className={cn('flex h-full flex-col', card.popular && 'border-primary ring-1 ring-primary')}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-3">
                    <CardTitle>{plan.title}</CardTitle>
                    {card.popular ? <Badge>Most popular</Badge> : null}
                  </div>
                  <CardDescription>{card.description}</CardDescription>
                  <p className="mt-4 flex items-baseline gap-1.5">
                    <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
                    <span className="text-sm text-muted-foreground">per {plan.per}</span>
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="flex flex-col gap-3 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2.5">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button asChild size="lg" variant={card.popular ? 'default' : 'outline'} className="w-full">
                    <Link href={`/checkout?plan=${card.id}`}>{card.cta}</Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
        Payments are handled by our card payment provider. We never store your card details.
      </p>
    </HomeSection>
  );
}
