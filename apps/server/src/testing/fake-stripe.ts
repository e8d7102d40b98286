import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useBeforeAll } from './suite.ts';

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  query: Record<string, string>;
  idempotencyKey: string | undefined;
}

/**
 * The few Stripe endpoints the payout provider uses, answering like Stripe does (form-encoded requests,
 * JSON replies, `{error}` bodies), so the real `stripe` SDK can be tested offline.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const grants = new Map<string, string>([['ac_good', 'acct_standard_1']]);
  const accounts = new Map<string, { id: string; details_submitted: boolean }>();
  let nextAccount = 1;
  let failWith500 = false;
  const transfers: Array<{ id: string; amount: number; destination: string; transfer_group: string }> = [];
  const checkouts = new Map<
    string,
    {
      id: string;
      status: 'open' | 'complete' | 'expired';
      payment_status: 'paid' | 'unpaid';
      form: Record<string, string>;
    }
  >();
  const byIdempotencyKey = new Map<string, (typeof transfers)[number]>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        query: Object.fromEntries(url.searchParams),
        idempotencyKey,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      if (failWith500) return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });

      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const account = grants.get(form.code ?? '');
        if (form.grant_type !== 'authorization_code' || !account) {
          return send(400, {
            error: 'invalid_grant',
            error_description: `Authorization code does not exist: ${form.code}`,
          });
        }
        grants.delete(form.code ?? '');
        return send(200, {
          access_token: 'sk_test_connected',
          scope: 'read_write',
          stripe_user_id: account,
          livemode: false,
          token_type: 'bearer',
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const account = { id: `acct_express_${nextAccount++}`, details_submitted: false };
        accounts.set(account.id, account);
        return send(200, { object: 'account', type: 'express', email: form.email, ...account });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const replay = idempotencyKey ? byIdempotencyKey.get(`checkout:${idempotencyKey}`) : undefined;
        const existing = replay ? checkouts.get(replay.id) : undefined;
        const session = existing ?? {
          id: `cs_test_${checkouts.size + 1}`,
          status: 'open' as const,
          payment_status: 'unpaid' as const,
          form,
        };
        checkouts.set(session.id, session);
        if (idempotencyKey)
          byIdempotencyKey.set(`checkout:${idempotencyKey}`, {
            id: session.id,
            amount: 0,
            destination: '',
            transfer_group: '',
          });
        return send(200, {
          object: 'checkout.session',
          id: session.id,
          url: `https://checkout.stripe.example/c/pay/${session.id}`,
          status: session.status,
          payment_status: session.payment_status,
        });
      }
      const checkoutMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
      if (checkoutMatch) {
        const session = checkouts.get(checkoutMatch[1] ?? '');
        if (!session) {
          return send(404, {
            error: { type: 'invalid_request_error', message: `No such checkout.session: '${checkoutMatch[1]}'` },
          });
        }
        if (req.method === 'POST' && checkoutMatch[2]) {
          if (session.status !== 'open') {
            return send(400, {
              error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' },
            });
          }
          session.status = 'expired';
        }
        return send(200, {
          object: 'checkout.session',
          id: session.id,
          status: session.status,
          payment_status: session.payment_status,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, { object: 'transfer', currency: 'usd', ...replay });
        if (form.destination?.startsWith('acct_restricted')) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'account_invalid',
              message:
                'Your destination account needs to have at least one of the following capabilities enabled: transfers',
            },
          });
        }
        const transfer = {
          id: `tr_fake_${transfers.length + 1}`,
          amount: Number(form.amount),
          destination: form.destination ?? '',
          transfer_group: form.transfer_group ?? '',
        };
        transfers.push(transfer);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, transfer);
        return send(200, { object: 'transfer', currency: form.currency, ...transfer });
      }
      if (req.method === 'GET' && url.pathname === '/v1/transfers') {
        const group = url.searchParams.get('transfer_group');
        const data = transfers.filter((transfer) => !group || transfer.transfer_group === group);
        return send(200, { object: 'list', url: '/v1/transfers', has_more: false, data });
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        return send(200, {
          object: 'account_link',
          url: `https://connect.stripe.example/setup/e/${form.account}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        });
      }
      const accountMatch = url.pathname.match(/^\/v1\/accounts\/([^/]+)(\/login_links)?$/);
      const account = accountMatch ? accounts.get(accountMatch[1] ?? '') : undefined;
      if (accountMatch && !account) {
        return send(404, {
          error: { type: 'invalid_request_error', message: `No such account: '${accountMatch[1]}'` },
        });
      }
      if (account && req.method === 'GET' && !accountMatch?.[2]) return send(200, { object: 'account', ...account });
      if (account && req.method === 'POST' && accountMatch?.[2]) {
        return send(200, { object: 'login_link', url: `https://connect.stripe.example/express/${account.id}/login` });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    addGrant: (code: string, accountId: string) => grants.set(code, accountId),
    finishOnboarding: (accountId: string) => {
      const account = accounts.get(accountId);
      if (account) account.details_submitted = true;
    },
    transfers,
    checkouts,
    /** The buyer paid on Stripe's page (the webhook may or may not follow). */
    payCheckout: (id: string) => {
      const session = checkouts.get(id);
      if (session) Object.assign(session, { status: 'complete', payment_status: 'paid' });
    },
    setFailing: (failing: boolean) => {
      failWith500 = failing;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A fake Stripe for a suite: started before the hooks registered after this call (a test app's), closed after them. */
export const useFakeStripe = (): FakeStripe => useBeforeAll(startFakeStripe);

/** The config of an app whose payout provider is Stripe, with its API at `apiBase`. */
export const stripeEnv = (apiBase: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_portal',
  STRIPE_CLIENT_ID: 'ca_portal',
  STRIPE_API_BASE: apiBase,
});
