import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  apiErrorSchema,
  contactBodySchema,
  documentIdParamsSchema,
  documentListResponseSchema,
  documentSchema,
  faqListResponseSchema,
  localizationParamsSchema,
  localizationResponseSchema,
  sdkDocumentParamsSchema,
  settingsSchema,
  staticQuerySchema,
  staticTextSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { HEADERS_TOO_LARGE_RESPONSE } from '../../plugins/openapi.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import { DOCUMENTATION_CSS, renderDocumentationPage } from './documentation-page.ts';

const tags = ['content'];
const doc = describeRoutes(tags);
const downloadsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/downloads');
/** A malformed id or name, or nothing by it. */
const lookupErrors = errorResponses(400, 404);

export const contentRoutes = routeGroup(async (app, { content }) => {
  app.get(
    '/api/Faq',
    doc('listFaqs', 'FAQs, sorted by order', {
      response: { 200: faqListResponseSchema, ...HEADERS_TOO_LARGE_RESPONSE },
    }),
    async () => content.listFaqs(),
  );

  app.get(
    '/api/Md/Query',
    doc('listSdkDocuments', 'SDK documents', {
      response: { 200: documentListResponseSchema, ...HEADERS_TOO_LARGE_RESPONSE },
    }),
    async () => content.listDocuments(),
  );

  app.get(
    '/api/Md/:id',
    doc('getSdkDocument', 'One SDK document; its url serves the markdown', {
      params: documentIdParamsSchema,
      response: { 200: documentSchema, ...lookupErrors },
    }),
    async (request) => content.getDocument(request.params.id),
  );

  app.get(
    '/sdk-docs/:file',
    doc('getSdkDocumentMarkdown', 'The markdown of an SDK document (the url named by /api/Md)', {
      params: sdkDocumentParamsSchema,
      response: {
        200: { description: 'The document, as markdown', content: { 'text/markdown': { schema: z.string() } } },
        ...lookupErrors,
      },
    }),
    async (request, reply) => {
      const slug = request.params.file.replace(/\.md$/, '');
      const doc = await content.getDocumentMarkdown(slug);
      return reply
        .type('text/markdown; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('last-modified', doc.updatedAt.toUTCString())
        .send(doc.markdown);
    },
  );

  app.get('/documentation.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DOCUMENTATION_CSS),
  );

  app.get('/documentation.html', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(renderDocumentationPage(await content.listDocumentsWithMarkdown(), app.config.publicUrl)),
  );

  await app.register(fastifyStatic, {
    root: downloadsDir,
    prefix: '/downloads/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });

  app.get(
    '/api/Setting',
    doc('getSettings', 'Public portal settings', { response: { 200: settingsSchema, ...HEADERS_TOO_LARGE_RESPONSE } }),
    async () => content.getSettings(),
  );

  app.get(
    `${app.config.gameRoutesPrefix}/Static`,
    doc('getStaticText', 'Agreement texts (served by the game API host)', {
      querystring: staticQuerySchema,
      response: { 200: staticTextSchema, ...lookupErrors },
    }),
    async (request) => content.getStaticText(request.query.type, request.query.culture),
  );

  app.post(
    '/api/ContactUs',
    {
      schema: {
        tags,
        operationId: 'submitContactEnquiry',
        summary: 'Send a partnership enquiry',
        body: contactBodySchema,
        response: {
          200: z.object({ id: z.string(), createdAt: z.string() }),
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request) => content.submitContactEnquiry(request.body),
  );

  app.get(
    '/api/Language/Localization/:culture',
    doc('getLocalization', 'Messages for every errorCode', {
      params: localizationParamsSchema,
      response: { 200: localizationResponseSchema, ...lookupErrors },
    }),
    async (request) => content.getLocalization(request.params.culture),
  );
});
