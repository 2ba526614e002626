export function AuthPage() {
  return <main>auth</main>;
}
