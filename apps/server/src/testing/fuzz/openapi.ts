import type { FastifyInstance } from 'fastify';

/** The parts of JSON Schema that the routes' zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One method + path of the OpenAPI document, with what it takes in. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the document writes it: `/api/Product/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Whether the document says it needs a session. */
  secured: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Answers that never end by themselves (Server-Sent Events): a request made in process waits on them for ever; their
 * own tests read them over a socket (analytics/live.test.ts), refusals included.
 */
export const STREAM_PATHS = [/^\/api\/Analytics\/Live$/];

/** Paths the fuzzer leaves alone: development helpers, the document itself, and the streams. */
const SKIPPED = [/^\/dev\//, /^\/api\/docs/, ...STREAM_PATHS];

export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

export async function fetchOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

/** Every operation of the document, in the document's order, without the skipped paths. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (SKIPPED.some((pattern) => pattern.test(path))) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      const parameters = (where: string): Parameter[] =>
        (spec.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? where === 'path', schema: p.schema ?? {} }));
      operations.push({
        method: upper as Operation['method'],
        path,
        pathParams: parameters('path'),
        query: parameters('query'),
        body: spec.requestBody?.content?.['application/json']?.schema,
        secured: (spec.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

/** Fills `{name}` placeholders with already encoded segments. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => segments[name] ?? '');
}
