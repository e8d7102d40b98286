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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/mail-template.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

const tags = ['content'];
const downloadsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/downloads');
const notFound = { 404: apiErrorSchema };

/** Served as a file: the page's Content-Security-Policy allows no inline style. */
const DOCUMENTATION_CSS = `body{margin:0;font:16px/1.65 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2333;background:#fff}
.wrap{display:grid;grid-template-columns:240px 1fr;gap:40px;max-width:1120px;margin:0 auto;padding:32px 20px}
nav{position:sticky;top:24px;align-self:start}nav ul{list-style:none;padding:0}nav a{color:#4b3bc4;text-decoration:none;display:block;padding:6px 0}
pre{background:#f4f6fb;padding:14px;border-radius:8px;overflow:auto}code{font-family:ui-monospace,Menlo,monospace;font-size:.9em}
table{border-collapse:collapse}td,th{border:1px solid #dfe2ea;padding:6px 10px}hr{border:0;border-top:1px solid #e6e8ef;margin:40px 0}
@media (max-width:760px){.wrap{grid-template-columns:1fr}nav{position:static}}
`;

export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const content = app.services.content;

  app.get(
    '/api/Faq',
    { schema: { tags, summary: 'FAQs, sorted by order', response: { 200: faqListResponseSchema } } },
    async () => content.listFaqs(),
  );

  app.get(
    '/api/Md/Query',
    { schema: { tags, summary: 'SDK documents', response: { 200: documentListResponseSchema } } },
    async () => content.listDocuments(),
  );

  app.get(
    '/api/Md/:id',
    {
      schema: {
        tags,
        summary: 'One SDK document; its url serves the markdown',
        params: documentIdParamsSchema,
        response: { 200: documentSchema, ...notFound },
      },
    },
    async (request) => content.getDocument(request.params.id),
  );

  app.get(
    '/sdk-docs/:file',
    {
      schema: {
        tags,
        summary: 'The markdown of an SDK document (the url named by /api/Md)',
        params: sdkDocumentParamsSchema,
      },
    },
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

  app.get('/documentation.html', { schema: { hide: true } }, async (_request, reply) => {
    const docs = await content.listDocumentsWithMarkdown();
    const toc = docs.map((d) => `<li><a href="#${escapeHtml(d.slug)}">${escapeHtml(d.name)}</a></li>`).join('');
    const sections = docs
      .map((d) => `<section id="${escapeHtml(d.slug)}">${renderMarkdown(d.markdown)}</section>`)
      .join('<hr>');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SDK Documentation · Partner Portal</title>
<link rel="stylesheet" href="/documentation.css"></head>
<body><div class="wrap"><nav aria-label="Documents"><strong>SDK Documentation</strong><ul>${toc}</ul><a href="/document">Open in the Partner Portal</a></nav>
<main>${sections}</main></div></body></html>`);
  });

  await app.register(fastifyStatic, {
    root: downloadsDir,
    prefix: '/downloads/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });

  app.get(
    '/api/Setting',
    { schema: { tags, summary: 'Public portal settings', response: { 200: settingsSchema } } },
    async () => content.getSettings(),
  );

  app.get(
    '/Static',
    {
      schema: {
        tags,
        summary: 'Agreement texts (served by the game API host)',
        querystring: staticQuerySchema,
        response: { 200: staticTextSchema, ...notFound },
      },
    },
    async (request) => content.getStaticText(request.query.type, request.query.culture),
  );

  app.post(
    '/api/ContactUs',
    {
      schema: {
        tags,
        summary: 'Send a partnership enquiry',
        body: contactBodySchema,
        response: { 200: z.object({ id: z.string(), createdAt: z.string() }), 400: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request) => content.submitContactEnquiry(request.body),
  );

  app.get(
    '/api/Language/Localization/:culture',
    {
      schema: {
        tags,
        summary: 'Messages for every errorCode',
        params: localizationParamsSchema,
        response: { 200: localizationResponseSchema, ...notFound },
      },
    },
    async (request) => content.getLocalization(request.params.culture),
  );
}
