export function NotFoundPage() {
  return <main>not-found</main>;
}
