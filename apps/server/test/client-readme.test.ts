import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey } from './support/api.js';
import { expectValid } from './support/formats.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = join(root, 'packages/client/README.md');

/** The README's TypeScript examples, one after the other: together they are one program. */
async function readmeProgram(): Promise<string> {
  const text = await readFile(readme, 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  expect(blocks.length).toBeGreaterThan(3);
  return blocks.join('\n');
}

/** What the program prints: each `console.log(...); // text` line promises its text. */
function promisedLines(program: string): string[] {
  return [...program.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((match) => match[1]);
}

describe('the typed client’s README', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    // A project that installed the client: node_modules/@vectrace/client is the package itself.
    dir = await mkdtemp(join(tmpdir(), 'vectrace-readme-'));
    await mkdir(join(dir, 'node_modules/@vectrace'), { recursive: true });
    await symlink(join(root, 'packages/client'), join(dir, 'node_modules/@vectrace/client'), 'dir');
    await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }');
    await writeFile(join(dir, 'logo.png'), await logoPng(160));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('has examples that type-check and print what their comments say, against a real server', async () => {
    const program = await readmeProgram();
    const expected = promisedLines(program);
    expect(expected.length).toBeGreaterThan(4);
    // The examples' server is the test's.
    await writeFile(join(dir, 'readme.mts'), program.replaceAll('https://vectrace.example', server.url));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          lib: ['es2024', 'dom'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        files: ['readme.mts'],
      }),
    );
    const typed = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
    expect(typed.stdout).toBe('');

    const { secret } = await accountWithKey(server, { pro: true });
    const ran = await run(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'readme.mts'], {
      cwd: dir,
      env: { ...process.env, VECTRACE_API_KEY: secret },
    }).catch((err: { stdout: string; stderr: string }) => ({ ...err, failed: true }));
    expect(ran.stderr).toBe('');
    expect(ran.stdout.trimEnd().split('\n')).toEqual(expected);
    // The first example wrote its PDF under the name it printed.
    await expectValid('pdf', await readFile(join(dir, 'logo-100mm.pdf')));
  }, 120_000);
});
