import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, type TestApp, useTestApp } from '../testing/index.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** What an operationId may start with: the verbs a partner reads as method names in a generated client. */
const VERBS = new Set([
  'accept',
  'add',
  'cancel',
  'confirm',
  'create',
  'delete',
  'disable',
  'download',
  'enable',
  'find',
  'get',
  'list',
  'mark',
  'publish',
  'receive',
  'register',
  'record',
  'reject',
  'release',
  'remove',
  'reset',
  'retry',
  'run',
  'send',
  'set',
  'sign',
  'start',
  'submit',
  'take',
  'update',
  'upload',
  'void',
]);

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { operationId?: string }>>;
}

async function fetchDocument(t: TestApp): Promise<string> {
  const response = await as(t.app).get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  return response.body;
}

function listOperations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operationId: operation.operationId })),
  );
}

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '#'}: ${problem.message}`;

describe('the OpenAPI document', () => {
  // A deployment's origin: Redocly warns about a server on localhost, which a development server's document names.
  const t = useTestApp('pglite', {
    PUBLIC_URL: 'https://partners.lumora.example',
    MARKETPLACE_TOKEN: 'marketplace-token-for-the-openapi-lint',
  });
  let source: string;
  beforeAll(async () => {
    source = await fetchDocument(t);
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('names every operation once, in camelCase, verb first', () => {
    const operations = listOperations(JSON.parse(source) as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(60);
    const misnamed = operations
      .filter(({ operationId }) => {
        const verb = operationId?.match(/^[a-z]+(?=[A-Z]|$)/)?.[0];
        return !operationId || !/^[a-z][a-zA-Z0-9]*$/.test(operationId) || !verb || !VERBS.has(verb);
      })
      .map(({ name, operationId }) => `${name}: ${operationId ?? 'no operationId'}`);
    expect(misnamed).toEqual([]);
    const seen = new Map<string, string>();
    const duplicated = operations.flatMap(({ name, operationId = '' }) => {
      const first = seen.get(operationId);
      seen.set(operationId, name);
      return first ? [`${operationId}: ${first} and ${name}`] : [];
    });
    expect(duplicated).toEqual([]);
  });

  it('names the portal as its server when the API has no host of its own', () => {
    expect((JSON.parse(source) as OpenApiDocument).servers).toEqual([
      { url: 'https://partners.lumora.example', description: 'The partner API' },
    ]);
  });
});

describe('the OpenAPI document of an API on its own host', () => {
  const t = useTestApp('pglite', {
    PUBLIC_URL: 'https://partners.lumora.example',
    API_BASE_URL: 'https://api.lumora.example/',
  });

  it('names the API host as its server', async () => {
    expect((JSON.parse(await fetchDocument(t)) as OpenApiDocument).servers).toEqual([
      { url: 'https://api.lumora.example', description: 'The partner API' },
    ]);
  });
});
