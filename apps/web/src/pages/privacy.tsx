export function PrivacyPage() {
  return <main>privacy</main>;
}
