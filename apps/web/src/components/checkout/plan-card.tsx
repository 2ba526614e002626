import { offers, type PlanId, priceLabel } from '@vectrace/contract';
import { Check } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

/** The plan being bought: title, Selected Plan, price, and what it includes. */
export function PlanCard({ plan }: { plan: PlanId }) {
  const price = priceLabel(plan);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2">{offers[plan].title}</CardTitle>
          <Badge className="shrink-0 whitespace-nowrap">Selected Plan</Badge>
        </div>
        <p className="mt-2">
          <span className="text-4xl font-bold tracking-tight">{price.amount}</span>{' '}
          <span className="text-muted-foreground">{price.per}</span>
        </p>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {offers[plan].features.map((feature) => (
            <li key={feature} className="flex items-center gap-3 text-sm">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-success-soft">
                <Check aria-hidden="true" className="size-3.5 text-success" />
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
