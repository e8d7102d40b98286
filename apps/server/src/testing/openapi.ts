import type { FastifyInstance } from 'fastify';
import { as, type Method } from './requests.ts';

export type { Method };

/** An operation of the OpenAPI document and the security it declares. */
export interface Operation {
  method: Method;
  path: string;
  security: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Operation['security'] }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }> };
}

/** The app's OpenAPI document, and each of its operations with the security it declares. */
export async function documentedOperations(
  app: FastifyInstance,
): Promise<{ document: OpenApiDocument; operations: Operation[] }> {
  const document = (await as(app).get('/api/docs/json')).json() as OpenApiDocument;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        security: operation.security ?? [],
      })),
  );
  return { document, operations };
}
