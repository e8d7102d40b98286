import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BRAND_MARK_SVG } from '../lib/favicon.ts';

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs (API_DOCS in production). */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Partner Portal API',
          description:
            'The partner API, file host, game API and static content host of the Partner Portal. ' +
            'Every failure answers `{errorCode, message}`; `GET /api/Language/Localization/en-US` lists every errorCode.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The document maps every route: in production it is published only when API_DOCS asks for it.
    if (!app.config.apiDocs) return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      theme: {
        title: 'Partner Portal API',
        favicon: [
          { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: BRAND_MARK_SVG },
        ],
      },
      // Swagger UI's own policy, scoped to its routes: its bundle injects <style> elements and its icons are data:
      // URLs. Still no inline script, no framing.
      staticCSP: {
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data:",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      },
    });
  },
  { name: 'openapi' },
);
