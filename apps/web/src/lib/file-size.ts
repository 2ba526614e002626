/** A size as people read it: "812 bytes", "84.2 KB", "10 MB" (1 KB is 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  // One decimal, none when it is 0: "2.5 MB", "10 MB".
  return `${Number(value.toFixed(1))} ${unit}`;
}
