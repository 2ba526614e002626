import { useLocation } from 'wouter';
import { paymentSuccessPath } from '../lib/checkout';
import { toast } from './use-toast';

/**
 * After a card payment that did not redirect: "Payment Successful", then home with the payment in
 * the address, where the home page verifies it (spec sections 2 and 4). The toast stays on screen:
 * the move is within the app.
 */
export function usePaymentSucceeded(): (paymentIntentId: string, conversionId: string) => void {
  const [, navigate] = useLocation();
  return (paymentIntentId, conversionId) => {
    toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
    navigate(paymentSuccessPath(paymentIntentId, conversionId));
  };
}

/** The destructive toast every checkout failure shows (spec section 8). */
export function paymentFailedToast(message: string | undefined): void {
  toast({
    title: 'Payment Failed',
    description: message || 'An unexpected error occurred',
    variant: 'destructive',
  });
}
