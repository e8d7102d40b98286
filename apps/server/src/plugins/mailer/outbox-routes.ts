import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { FAVICON_LINKS } from '../../lib/favicon.ts';
import { escapeHtml } from '../../lib/mail-template.ts';
import { HEADERS_TOO_LARGE_RESPONSE } from '../openapi.ts';
import { listOutboxMails } from './outbox-repository.ts';

const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/** Served as a file: the page's Content-Security-Policy allows no inline style. */
const OUTBOX_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1f2333}main{max-width:860px;margin:0 auto;padding:24px}
article{background:#fff;border-radius:10px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 3px #0001}
header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;overflow-wrap:anywhere}header span{color:#6b7080;font-size:14px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;line-height:1.5}
@media (max-width:480px){main{padding:12px}article{padding:12px 14px}}
`;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export const isLoopback = (address: string | undefined) =>
  address !== undefined && (/^(::ffff:)?127\./.test(address) || address === '::1');

/**
 * The dev outbox: every mail the server would have sent, newest first. Never registered in production, and read by
 * this machine only: it holds sign-in and reset codes, so a dev server on a shared network must not show it. The
 * socket's own address decides (a forwarded-for header could be anybody's); anyone else is told it does not exist.
 */
export async function outboxRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.socket.remoteAddress)) throw new AppError('NotFound');
  });

  app.get(
    '/dev/outbox.json',
    {
      schema: {
        tags: ['dev'],
        operationId: 'listOutboxMails',
        summary: 'Mails stored by the dev outbox, newest first',
        response: { 200: z.array(outboxMailSchema), ...HEADERS_TOO_LARGE_RESPONSE },
      },
    },
    async () => listOutboxMails(app.db),
  );

  app.get('/dev/outbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(OUTBOX_CSS),
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutboxMails(app.db);
    const items = mails
      .map(
        (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · <time>${escapeHtml(mail.createdAt)}</time></span></header>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Partner Portal</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/dev/outbox.css">${FAVICON_LINKS}</head>
<body><main><h1>Dev outbox</h1><p>Mails the portal sent while no SMTP server is configured (newest first). JSON: <a href="/dev/outbox.json">/dev/outbox.json</a></p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
