export function PngToSvgPage() {
  return <main>png-to-svg</main>;
}
