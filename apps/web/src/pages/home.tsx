export function HomePage() {
  return <main>home</main>;
}
