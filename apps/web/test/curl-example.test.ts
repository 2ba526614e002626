import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curlExample } from '../src/lib/curl-example';
import { endpointsByTag, type OpenApiDocument } from '../src/lib/openapi';

// The document as the server serves it (npm run openapi writes it; a server test keeps it current).
const document: OpenApiDocument = JSON.parse(
  readFileSync(new URL('../../../packages/client/openapi.json', import.meta.url), 'utf8'),
);
const endpoints = endpointsByTag(document).flatMap((group) => group.endpoints);
const example = (method: string, path: string) => {
  const endpoint = endpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint) throw new Error(`${method} ${path} is not in the document`);
  return curlExample(document, endpoint, 'https://vectrace.example');
};

describe('the API reference’s curl examples', () => {
  it('vectorize uploads logo.png in test mode and saves the SVG it answers', () => {
    expect(example('POST', '/api/v1/vectorize').command).toBe(
      [
        'curl --fail-with-body https://vectrace.example/api/v1/vectorize \\',
        '  -H "Authorization: Bearer $VECTRACE_API_KEY" \\',
        '  -F image=@logo.png \\',
        '  -F mode=test \\',
        '  -o logo.svg',
      ].join('\n'),
    );
  });

  it('a job is read by its id from a variable, its result saved, its files deleted with DELETE', () => {
    const job = example('GET', '/api/v1/jobs/{id}');
    expect(job.command).toContain('"https://vectrace.example/api/v1/jobs/$JOB_ID?mode=test"');
    expect(job.variables.map((v) => v.name)).toEqual(['JOB_ID']);
    expect(example('GET', '/api/v1/jobs/{id}/result').command).toMatch(/-o logo\.svg$/);
    expect(example('DELETE', '/api/v1/jobs/{id}').command).toMatch(/^curl --fail-with-body -X DELETE "/);
  });

  it('every example fails on an error, names each option once and invents no values', () => {
    for (const endpoint of endpoints) {
      const { command } = curlExample(document, endpoint, 'https://vectrace.example');
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(command, label).toMatch(/^curl --fail-with-body /);
      const names = [...command.matchAll(/(?:-F |[?&])(\w[\w.]*)=/g)].map((m) => m[1]);
      expect(new Set(names).size, label).toBe(names.length);
      expect(command, label).not.toMatch(/width=|format=|wait=|limit=/);
      // A method curl infers from the options is not spelled out again.
      expect(command.includes('-X POST') && command.includes('-F '), label).toBe(false);
    }
  });
});
