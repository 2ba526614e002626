import { readFileSync } from 'node:fs';
import { openPreviewRenderer } from './dist/features/conversions/preview-renderer.js';

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const r = openPreviewRenderer({ threads: 1, memoryMb: 512 });
const svg = readFileSync(process.argv[2]);
const before = rss();
let peak = before;
const t = setInterval(() => {
  peak = Math.max(peak, rss());
}, 5);
const t0 = performance.now();
const png = await r.render({ svg, region: null, watermark: true });
clearInterval(t);
console.log(
  process.argv[2],
  'peak delta',
  (peak - before).toFixed(0),
  'MB',
  ((performance.now() - t0) / 1000).toFixed(1),
  's',
  png.length,
);
await r.close();
