import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MAKERS_SECTION, writeSection } from './results-section.js';

/**
 * The makers' measures, each its own script printing a markdown part: centerline distances to the
 * true centerlines, palette and cut-out counts and areas, circle and arc radii and DXF entities.
 * Together they become one section of RESULTS.md, which `npm run bench` keeps.
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const parts = ['centerline.ts', 'palette-cutout.ts', 'shapes.ts'];
const run = promisify(execFile);

const bodies: string[] = [];
for (const part of parts) {
  console.error(`Running ${part}`);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(benchDir, part)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // Each part's headings sit one level under the section's own.
  bodies.push(stdout.trim().replace(/^(#{2,}) /gm, '#$1 '));
}
const intro = `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:makers\`.`;
const file = path.join(benchDir, 'RESULTS.md');
await writeSection(file, MAKERS_SECTION, [intro, ...bodies].join('\n\n'));
console.error(`Wrote the "${MAKERS_SECTION}" section of ${path.relative(process.cwd(), file)}`);
