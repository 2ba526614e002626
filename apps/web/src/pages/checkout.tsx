export function CheckoutPage() {
  return <main>checkout</main>;
}
