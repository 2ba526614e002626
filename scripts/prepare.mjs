// `prepare` (run by npm ci and npm install): builds the packages when the dev dependencies are
// installed. A production install of a built tree (`npm ci --omit=dev`, as the Dockerfile does)
// has no TypeScript: it uses the built output, and says what to do if there is none.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let devDependencies = true;
try {
  require.resolve('typescript');
} catch {
  devDependencies = false;
}

if (devDependencies) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}

const built = [
  'packages/tracer/dist/index.js',
  'packages/contract/dist/index.js',
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
];
const missing = built.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
if (missing.length > 0) {
  console.error(
    `Installed without dev dependencies, and the tree is not built (missing ${missing.join(', ')}). Run \`npm ci && npm run build\` first, then \`npm ci --omit=dev\`.`,
  );
  process.exit(1);
}
console.log('Installed without dev dependencies: using the built tree.');
