import { formatUsd, payoutAccountTypeSchema } from '@portal/contracts';
import { z } from 'zod';
import { FAVICON_LINKS } from '../../lib/favicon.ts';
import { escapeHtml } from '../../lib/mail-template.ts';
import { routeGroup } from '../../plugins/route-groups.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import type { PaymentsService } from './service.ts';
import type { SubscriptionsService } from './subscriptions.ts';

/** Served as a file: the pages' Content-Security-Policy allows no inline style. */
const SANDBOX_CSS = `body{margin:0;font:16px/1.6 system-ui,-apple-system,Segoe UI,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:480px;margin:48px auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px #1a1f3614}
.badge{display:inline-block;background:#fff4d6;color:#7a4d00;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600}
h1{font-size:24px;margin:12px 0}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dt{color:#5c667a}dd{margin:0}
.actions{display:flex;gap:12px;margin-top:24px}button{font:inherit;font-weight:600;border-radius:8px;padding:10px 20px;cursor:pointer}
.authorize{background:#635bff;color:#fff;border:0}.deny{background:#fff;color:#1a1f36;border:1px solid #c9d1de}
.revoke{background:#fff;color:#b3093c;border:1px solid #e3a3b5}dd{overflow-wrap:anywhere}
.option{display:flex;gap:8px;align-items:flex-start;margin-top:16px;font-size:14px;color:#5c667a}.option input{margin-top:5px}
table{width:100%;border-collapse:collapse;font-size:14px;margin-top:8px}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #e3e8ee}
td.amount,th.amount{text-align:right;white-space:nowrap}td.id{overflow-wrap:anywhere;color:#5c667a}h2{font-size:18px;margin:24px 0 4px}
@media (max-width:520px){main{margin:0;border-radius:0;padding:24px 20px}}
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe sandbox</title>
<link rel="stylesheet" href="/sandbox/stripe/sandbox.css">${FAVICON_LINKS}</head>
<body><main>${body}</main></body></html>`;

type Checkout = NonNullable<Awaited<ReturnType<SandboxProvider['findCheckout']>>>;

/** A dashboard link that is unknown, spent or older than its minutes. */
const expiredLinkPage = () =>
  page(
    'Dashboard',
    `<span class="badge">Sandbox</span><h1>This dashboard link has expired</h1>
<p>A link to your dashboard works once, for a few minutes. Open the dashboard again from the portal.</p>
<p><a href="/stripe">Back to the Partner Portal</a></p>`,
  );

/** A checkout that takes no more decisions: paid, declined, or cancelled or expired without a charge. */
function endedPage(session: Checkout): string {
  const body =
    session.status === 'complete'
      ? `<h1>This checkout is complete</h1>
<p>${session.paymentStatus === 'paid' ? 'It was paid.' : 'Its card was declined.'} Nothing more can be done here.</p>
<p><a href="${escapeHtml(session.successUrl)}">Back to the Partner Portal</a></p>`
      : `<h1>This checkout has ended</h1>
<p>It was cancelled, or it was not paid within 24 hours: nothing was charged. Start a new purchase in the portal.</p>
<p><a href="${escapeHtml(session.cancelUrl)}">Back to the Partner Portal</a></p>`;
  return page('Checkout', `<span class="badge">Sandbox</span>${body}`);
}

/**
 * The sandbox provider's pages: a consent page whose Authorize and Deny work without JavaScript, and a
 * dashboard where the account can revoke the portal's access, as in Stripe. Registered only while the sandbox is
 * the payout provider.
 */
export function sandboxRoutes(
  provider: SandboxProvider,
  payments: PaymentsService,
  subscriptions: SubscriptionsService,
) {
  return routeGroup(async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get('/sandbox/stripe/sandbox.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
    );

    app.get(
      '/sandbox/stripe/connect',
      {
        schema: {
          hide: true,
          querystring: z.object({
            state: z.string().min(1).max(128),
            account_type: payoutAccountTypeSchema,
            email: z.string().max(254).default(''),
          }),
        },
      },
      async (request, reply) => {
        const { state, account_type: accountType, email } = request.query;
        return reply.type('text/html; charset=utf-8').send(
          page(
            'Connect your account',
            `<span class="badge">Sandbox: no real money moves</span>
<h1>Connect a Stripe ${escapeHtml(accountType)} account</h1>
<p>The Lumora Partner Portal asks to connect a Stripe account to pay out the revenue of your games and 3D models.</p>
<dl><dt>Account type</dt><dd>${escapeHtml(accountType)}</dd><dt>Email</dt><dd>${escapeHtml(email || '-')}</dd></dl>
<form method="post" action="/sandbox/stripe/connect">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="account_type" value="${escapeHtml(accountType)}">
<label class="option"><input type="checkbox" name="restricted" value="on"> Make it a restricted account: transfers to it are refused (to try a failed payout)</label>
<div class="actions"><button class="authorize" name="decision" value="authorize">Authorize</button>
<button class="deny" name="decision" value="deny">Deny</button></div></form>`,
          ),
        );
      },
    );

    app.post(
      '/sandbox/stripe/connect',
      {
        schema: {
          hide: true,
          body: z.object({
            state: z.string().min(1).max(128),
            account_type: payoutAccountTypeSchema,
            decision: z.enum(['authorize', 'deny']),
            restricted: z.literal('on').optional(),
          }),
        },
      },
      async (request, reply) => {
        const { state, account_type: accountType, decision, restricted } = request.body;
        if (decision === 'deny') {
          const params = new URLSearchParams({
            error: 'access_denied',
            error_description: 'The user denied your request',
            state,
          });
          return reply.redirect(`${provider.callbackUrl}?${params}`, 303);
        }
        const code = await provider.issueCode({ accountType, restricted: restricted === 'on' });
        const params = new URLSearchParams({ code, scope: 'read_write', state });
        return reply.redirect(`${provider.callbackUrl}?${params}`, 303);
      },
    );

    const dashboardLink = z.string().min(1).max(120);
    app.get(
      '/sandbox/stripe/dashboard',
      { schema: { hide: true, querystring: z.object({ link: dashboardLink }) } },
      async (request, reply) => {
        const account = await provider.openDashboard(request.query.link);
        if (!account) return reply.code(404).type('text/html; charset=utf-8').send(expiredLinkPage());
        const transfers = await provider.listTransfers(account.accountId);
        const balance = transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0);
        const rows = transfers
          .map(
            (transfer) =>
              `<tr><td>${transfer.createdAt.toISOString().slice(0, 10)}</td><td class="id">${escapeHtml(transfer.id)}</td>` +
              `<td class="amount">${formatUsd(transfer.amountCents)}</td></tr>`,
          )
          .join('');
        return reply.type('text/html; charset=utf-8').send(
          page(
            'Dashboard',
            `<span class="badge">Sandbox</span><h1>Your Stripe dashboard</h1>
<dl><dt>Account</dt><dd>${escapeHtml(account.accountId)}</dd><dt>Type</dt><dd>${escapeHtml(account.accountType)}</dd>
<dt>Balance</dt><dd>${formatUsd(balance)}</dd></dl>
<h2>Transfers from Lumora Partner Portal</h2>
${rows ? `<table><thead><tr><th>Date</th><th>Transfer</th><th class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No transfers yet: payouts arrive on the last day of a month.</p>'}
<p>In production this is your Stripe dashboard, where payouts of the Partner Portal arrive.</p>
<form method="post" action="/sandbox/stripe/deauthorize">
<input type="hidden" name="link" value="${escapeHtml(request.query.link)}">
<div class="actions"><button class="revoke">Disconnect Lumora Partner Portal</button></div></form>`,
          ),
        );
      },
    );

    // Checkout: a hosted payment page whose Pay, Decline and Cancel work without JavaScript
    const sessionParams = z.object({ id: z.string().min(1).max(80) });

    app.get(
      '/sandbox/stripe/checkout/:id',
      { schema: { hide: true, params: sessionParams } },
      async (request, reply) => {
        const session = await provider.findCheckout(request.params.id);
        if (!session)
          return reply.code(404).type('text/html; charset=utf-8').send(page('Checkout', '<h1>No such checkout</h1>'));
        if (session.status !== 'open') return reply.type('text/html; charset=utf-8').send(endedPage(session));
        const body = `<span class="badge">Sandbox: no real money moves</span>
<h1>Pay Lumora</h1>
<dl><dt>Item</dt><dd>${escapeHtml(session.description)}</dd><dt>Amount</dt><dd>${formatUsd(session.amountCents)}</dd></dl>
<form method="post" action="/sandbox/stripe/checkout/${escapeHtml(session.id)}">
<div class="actions"><button class="authorize" name="decision" value="pay">Pay ${formatUsd(session.amountCents)}</button>
<button class="deny" name="decision" value="decline">Decline (a failed card)</button>
<button class="deny" name="decision" value="cancel">Cancel</button></div></form>`;
        return reply.type('text/html; charset=utf-8').send(page('Checkout', body));
      },
    );

    app.post(
      '/sandbox/stripe/checkout/:id',
      {
        schema: {
          hide: true,
          params: sessionParams,
          body: z.object({ decision: z.enum(['pay', 'decline', 'cancel']) }),
        },
      },
      async (request, reply) => {
        const session = await provider.findCheckout(request.params.id);
        if (!session)
          return reply.code(404).type('text/html; charset=utf-8').send(page('Checkout', '<h1>No such checkout</h1>'));
        // a session cancelled, expired or already paid takes no decision: the page says so, and nothing is charged
        const ended = () => reply.code(409).type('text/html; charset=utf-8').send(endedPage(session));
        if (session.status !== 'open') return ended();
        if (request.body.decision === 'cancel') return reply.redirect(session.cancelUrl, 303);
        const finished = await provider.finishCheckout(session.id, request.body.decision);
        if (!finished) {
          const now = await provider.findCheckout(session.id);
          return reply
            .code(409)
            .type('text/html; charset=utf-8')
            .send(endedPage(now ?? session));
        }
        // the event Stripe would send to the webhook, delivered here and now
        await subscriptions.applyEvent(finished.event, (accountId) => payments.disconnectAccount(accountId));
        return reply.redirect(session.successUrl, 303);
      },
    );

    // only with the one-time link of the dashboard page, which only the partner's session could ask the portal for
    app.post(
      '/sandbox/stripe/deauthorize',
      { schema: { hide: true, body: z.object({ link: dashboardLink }) } },
      async (request, reply) => {
        const account = await provider.spendDashboardLink(request.body.link);
        if (!account) return reply.code(403).type('text/html; charset=utf-8').send(expiredLinkPage());
        await payments.disconnectAccount(account.accountId);
        return reply.type('text/html; charset=utf-8').send(
          page(
            'Disconnected',
            `<span class="badge">Sandbox</span><h1>Lumora Partner Portal is disconnected</h1>
<p>It can no longer pay out to this account. Connect an account again in the portal to submit and to be paid.</p>
<p><a href="/stripe">Back to the Partner Portal</a></p>`,
          ),
        );
      },
    );
  });
}
