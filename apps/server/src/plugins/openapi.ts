import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_KEY_PREFIX, apiErrorSchema, apiKeyScopeLabels, apiKeyScopes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_MARK_SVG } from '../lib/favicon.ts';

/**
 * The one refusal an operation that reads no input still answers: headers (cookies, a query string) past what Node
 * reads get 431 before any route runs. Every operation can answer it; the others already declare their own 4xx.
 */
export const HEADERS_TOO_LARGE_RESPONSE = { 431: apiErrorSchema };

/**
 * A route's `config.swaggerTransform` for a path ending in a wildcard: OpenAPI has no wildcard segment (`{*}` names
 * no parameter a client can fill), so the document names it `{name}`. The route still reads `*`, which takes the rest
 * of the path, slashes as they are or percent-encoded alike.
 */
export function documentWildcardAs(name: string, description: string): SwaggerTransform {
  return ({ schema, url, ...document }) => {
    const wildcard = schema.params instanceof z.ZodObject ? schema.params.shape['*'] : undefined;
    if (!url.endsWith('*') || !(wildcard instanceof z.ZodType)) {
      throw new Error(`${url}: documentWildcardAs needs a path ending in * and a zod params schema with '*'`);
    }
    return jsonSchemaTransform({
      ...document,
      url: `${url.slice(0, -1)}{${name}}`,
      schema: { ...schema, params: z.object({ [name]: wildcard.describe(description) }) },
    });
  };
}

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs (API_DOCS in production). */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const { hosts, publicUrl } = app.config;
    // a host is '' (this origin), a path of this origin (the game API host's prefix) or a URL of its own
    const origin = (host: string) =>
      (host.startsWith('/') ? `${publicUrl}${host}` : host || publicUrl).replace(/\/+$/, '');
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Partner Portal API',
          description:
            'The partner API, file host, game API and static content host of the Partner Portal. ' +
            'Every failure answers `{errorCode, message}`; `GET /api/Language/Localization/en-US` lists every errorCode.',
          version: '1.0.0',
          // The code declares no license of its own: a partner uses the API under the agreement accepted on registering.
          license: {
            name: 'Proprietary: the Lumora Developer Agreement',
            url: `${origin(hosts.gameApi)}/Static?type=DeveloperAgreement&culture=en-US`,
          },
        },
        servers: [{ url: origin(hosts.api), description: 'The partner API' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'A session token, from signing in' },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                `A partner's API key, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\` (keys start with \`${API_KEY_PREFIX}\`). ` +
                'It works within its scopes: ' +
                apiKeyScopes.map((scope) => `\`${scope}\` (${apiKeyScopeLabels[scope]})`).join(', ') +
                '. Reads need `read`; uploads need `upload`; adding and changing items and versions needs `versions`. ' +
                'Never for the account itself (profile, password, payout account, subscriptions, API keys) nor the ' +
                'admin routes: 403 `ApiKeyNotAllowed`; outside its scopes: 403 `ApiKeyScopeMissing`.',
            },
            marketplace: {
              type: 'http',
              scheme: 'bearer',
              description: "The marketplace's service token (MARKETPLACE_TOKEN), for the internal sales routes",
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      // routes are registered with their whole path: the server URL is only their origin
      stripBasePath: false,
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
        // the servers picker is as wide as its longest URL: keep it inside a phone's width
        css: [
          {
            filename: 'theme.css',
            content:
              '.swagger-ui .servers,.swagger-ui .servers>label{max-width:100%}.swagger-ui .servers>label{margin-right:0}' +
              '.swagger-ui .servers>label select{max-width:100%;min-width:0;text-overflow:ellipsis}',
          },
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
