import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { startTestServer, type TestServer } from './support/server.js';

// Generated clients and API tools read this document: it must pass the linters they trust.
describe('the OpenAPI document passes Redocly and Spectral without an error or a warning', () => {
  let server: TestServer;
  let source: string;

  beforeAll(async () => {
    // As production serves it: PUBLIC_URL set, so the document names its server.
    server = await startTestServer({ env: { PUBLIC_URL: 'https://vectors.example.org' } });
    source = JSON.stringify((await new Client(server.url).get('/api/v1/openapi.json')).body, null, 2);
  });
  afterAll(() => server?.stop());

  it("Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`),
    ).toEqual([]);
  });

  it("Spectral's oas ruleset", async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as RulesetDefinition);
    const results = await spectral.run(new Document(source, Json, 'openapi.json'));
    // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
    const problems = results.filter((r) => r.severity <= 1);
    expect(problems.map((r) => `${r.severity} ${r.code}: ${r.message} (${r.path.join('.')})`)).toEqual([]);
  });
});
