import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  describeEachDatabase,
  registerPartner,
  startFakeStripe,
  type TestApp,
} from '../../testing/index.ts';
import { createStripeProvider } from './stripe-provider.ts';

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

describe('payout provider: the stripe SDK against a local fake of Stripe', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_CLIENT_ID: 'ca_portal',
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'https://partners.lumora.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const urls = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/Stripe/Connect/Url', headers: bearer(token) })).json() as Array<{
      accountType: string;
      url: string;
    }>;
  const confirm = (token: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/Stripe/Connect/Confirm', headers: bearer(token), payload: body });
  const isConnected = async (token: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/Access/Profile', headers: bearer(token) })).json() as {
        connectedToStripe: boolean;
      }
    ).connectedToStripe;

  it('has no sandbox pages', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/stripe/connect?state=x&account_type=Standard' })).statusCode,
    ).toBe(404);
  });

  it('sends Standard accounts through Stripe OAuth and exchanges the code', async () => {
    const partner = await registerPartner(t.app);
    const standard = new URL((await urls(partner.accessToken)).find((u) => u.accountType === 'Standard')?.url ?? '');
    expect(`${standard.origin}${standard.pathname}`).toBe('https://connect.stripe.com/oauth/authorize');
    expect(standard.searchParams.get('client_id')).toBe('ca_portal');
    expect(standard.searchParams.get('scope')).toBe('read_write');
    expect(standard.searchParams.get('redirect_uri')).toBe('https://partners.lumora.example/stripe-connected');
    const state = standard.searchParams.get('state');
    expect(state).toMatch(/^[\w-]{40,}$/);

    const response = await confirm(partner.accessToken, { code: 'ac_good', scope: 'read_write', state });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ connectedToStripe: true });
    const exchange = fake.requests.find((r) => r.path === '/oauth/token');
    expect(exchange?.form).toMatchObject({ grant_type: 'authorization_code', code: 'ac_good' });
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/Stripe/Connect/Dashboard',
      headers: bearer(partner.accessToken),
    });
    expect(dashboard.json()).toEqual({ url: 'https://dashboard.stripe.com' });
  });

  it('refuses a code Stripe does not grant, and the partner stays unconnected', async () => {
    const partner = await registerPartner(t.app);
    const state = new URL((await urls(partner.accessToken))[0]?.url ?? '').searchParams.get('state');
    const response = await confirm(partner.accessToken, { code: 'ac_expired', scope: 'read_write', state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ConnectCodeInvalid' });
    expect(await isConnected(partner.accessToken)).toBe(false);
    fake.addGrant('ac_second_try', 'acct_standard_2');
    expect((await confirm(partner.accessToken, { code: 'ac_second_try', state })).statusCode).toBe(200);
  });

  it('answers 502 when Stripe fails, and the partner stays unconnected', async () => {
    const partner = await registerPartner(t.app);
    const state = new URL((await urls(partner.accessToken))[0]?.url ?? '').searchParams.get('state');
    fake.addGrant('ac_during_outage', 'acct_standard_3');
    fake.setFailing(true);
    try {
      const response = await confirm(partner.accessToken, { code: 'ac_during_outage', state });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ errorCode: 'PaymentProviderError' });
    } finally {
      fake.setFailing(false);
    }
    expect(await isConnected(partner.accessToken)).toBe(false);
  });

  it('onboards Express accounts through account links and connects once onboarding is done', async () => {
    const partner = await registerPartner(t.app);
    const express = new URL((await urls(partner.accessToken)).find((u) => u.accountType === 'Express')?.url ?? '');
    expect(`${express.origin}${express.pathname}`).toBe('https://partners.lumora.example/stripe/connect/express');
    const start = await t.app.inject({ method: 'GET', url: `${express.pathname}${express.search}` });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toMatch(/^https:\/\/connect\.stripe\.example\/setup\/e\/acct_express_\d+$/);
    const accountId = (start.headers.location as string).split('/').pop() ?? '';
    expect(fake.requests.find((r) => r.path === '/v1/accounts')?.form).toMatchObject({
      type: 'express',
      email: partner.email,
    });
    const link = fake.requests.find((r) => r.path === '/v1/account_links')?.form ?? {};
    expect(link.type).toBe('account_onboarding');
    const back = new URL(link.return_url ?? '');
    expect(back.pathname).toBe('/stripe-connected');
    const body = {
      code: back.searchParams.get('code'),
      scope: back.searchParams.get('scope'),
      state: back.searchParams.get('state'),
    };

    const early = await confirm(partner.accessToken, body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'ConnectOnboardingIncomplete' });
    expect(await isConnected(partner.accessToken)).toBe(false);

    fake.finishOnboarding(accountId);
    expect((await confirm(partner.accessToken, { ...body, code: 'not-the-return-code' })).json()).toMatchObject({
      errorCode: 'ConnectCodeInvalid',
    });
    const done = await confirm(partner.accessToken, body);
    expect(done.statusCode).toBe(200);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/Stripe/Connect/Dashboard',
      headers: bearer(partner.accessToken),
    });
    expect(dashboard.json()).toEqual({ url: `https://connect.stripe.example/express/${accountId}/login` });
  });
});

describeEachDatabase('Express onboarding under forty parallel starts', (variant) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(variant, {
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_CLIENT_ID: 'ca_portal',
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'https://partners.lumora.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The path and query of a fresh Express connect URL of the partner, as the payout page shows it. */
  const expressStart = async (token: string) => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/Stripe/Connect/Url', headers: bearer(token) })
    ).json() as Array<{ accountType: string; url: string }>;
    const url = new URL(list.find((u) => u.accountType === 'Express')?.url ?? '');
    return `${url.pathname}${url.search}`;
  };
  const accountsCreatedFor = (email: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.form.email === email);
  const startAll = async (urls: string[]) => {
    const answers = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(urls.map(() => 303));
    return new Set(answers.map((answer) => answer.headers.location));
  };

  it('creates one Express account when one connect link is opened forty times at once', async () => {
    const partner = await registerPartner(t.app);
    const url = await expressStart(partner.accessToken);
    const locations = await startAll(Array.from({ length: 40 }, () => url));
    expect(accountsCreatedFor(partner.email)).toHaveLength(1);
    expect(locations.size).toBe(1);
  });

  it("creates one Express account for forty starts spread over four of the partner's connect links", async () => {
    const partner = await registerPartner(t.app);
    const urls: string[] = [];
    for (let i = 0; i < 4; i += 1) urls.push(await expressStart(partner.accessToken));
    const locations = await startAll(Array.from({ length: 40 }, (_, i) => urls[i % 4] ?? ''));
    expect(accountsCreatedFor(partner.email)).toHaveLength(1);
    expect(locations.size).toBe(1);
  });
});

describe('payout provider: Stripe out of reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_CLIENT_ID: 'ca_portal',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 502 on a network failure and writes nothing', async () => {
    const partner = await registerPartner(t.app);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/Stripe/Connect/Url', headers: bearer(partner.accessToken) })
    ).json() as Array<{ url: string }>;
    const state = new URL(list[0]?.url ?? '').searchParams.get('state');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Stripe/Connect/Confirm',
      headers: bearer(partner.accessToken),
      payload: { code: 'ac_good', state },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PaymentProviderError' });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/Stripe/Connect/Account',
      headers: bearer(partner.accessToken),
    });
    expect(account.json()).toMatchObject({ connected: false });
  });
});

describe('payout provider: transfers through the stripe SDK against a local fake of Stripe', () => {
  let fake: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      secretKey: 'sk_test_portal',
      clientId: 'ca_portal',
      apiBase: fake.url,
      redirectUri: 'https://partners.lumora.example/stripe-connected',
      expressStartUrl: (state) => `https://partners.lumora.example/stripe/connect/express?state=${state}`,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const payout = {
    accountId: 'acct_standard_1',
    amountCents: 12_345,
    idempotencyKey: 'payout-partner-2026-07-31-acct_standard_1',
    transferGroup: '6f1c2b9e-3a57-4c57-9a2b-0e6f4b1d2c3a',
    description: 'Lumora Partner Portal payout of 2026-07-31',
  };

  it('transfers US cents to the connected account under the payout idempotency key and group', async () => {
    const { transferId } = await provider.transfer(payout);
    const request = fake.requests.findLast((entry) => entry.path === '/v1/transfers' && entry.method === 'POST');
    expect(request?.form).toMatchObject({
      amount: '12345',
      currency: 'usd',
      destination: 'acct_standard_1',
      transfer_group: payout.transferGroup,
    });
    expect(request?.idempotencyKey).toBe(payout.idempotencyKey);
    expect(transferId).toBe(fake.transfers.at(-1)?.id);
  });

  it('pays once when the same payout is sent again, and finds its transfer by the group', async () => {
    const before = fake.transfers.length;
    const first = await provider.transfer(payout);
    expect(fake.transfers).toHaveLength(before);
    expect(await provider.findTransfer(payout.transferGroup)).toEqual(first);
    expect(await provider.findTransfer('no-such-group')).toBeUndefined();
  });

  it("says why Stripe refused a transfer, in Stripe's words", async () => {
    const refused = provider.transfer({ ...payout, accountId: 'acct_restricted_1', idempotencyKey: 'payout-x' });
    await expect(refused).rejects.toMatchObject({
      errorCode: 'PayoutTransferRefused',
      message: expect.stringContaining('capabilities enabled: transfers'),
    });
  });

  it('answers a provider error when Stripe fails, so that the run retries later', async () => {
    fake.setFailing(true);
    try {
      await expect(provider.transfer({ ...payout, idempotencyKey: 'payout-y' })).rejects.toMatchObject({
        errorCode: 'PaymentProviderError',
      });
    } finally {
      fake.setFailing(false);
    }
  });
});
