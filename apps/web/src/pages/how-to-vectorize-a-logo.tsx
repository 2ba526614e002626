export function HowToVectorizeALogoPage() {
  return <main>how-to-vectorize-a-logo</main>;
}
