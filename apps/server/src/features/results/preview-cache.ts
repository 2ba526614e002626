/**
 * Renders kept in memory by key, the least recently used dropped past a total size: the viewer
 * asks for the same regions again as one pans back and forth. A cache only: any process renders
 * what it does not have.
 */
export class PreviewCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, buffer] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= buffer.length;
    }
  }
}
