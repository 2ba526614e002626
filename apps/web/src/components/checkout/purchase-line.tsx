import { offers, type PlanId } from '@vectrace/contract';

/**
 * The line under the checkout's title: what is bought. Pro is a subscription (spec: "You're
 * upgrading to"); paying per conversion is a single payment, so it never speaks of upgrading.
 */
export function PurchaseLine({ plan }: { plan: PlanId }) {
  const offer = offers[plan];
  const title = <span className="font-semibold text-foreground">{offer.title}</span>;
  return (
    <p className="mt-2 text-muted-foreground">
      {plan === 'pro' ? (
        <>
          You're upgrading to {title}: {offer.price} a month.
        </>
      ) : (
        <>
          You're buying {title}: {offer.price} once, for one image.
        </>
      )}
    </p>
  );
}
