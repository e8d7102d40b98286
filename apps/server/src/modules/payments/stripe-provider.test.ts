import { beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  connectUrls,
  describeEachDatabase,
  type FakeStripe,
  registerPartner,
  stripeEnv,
  useFakeStripe,
  useTestApp,
} from '../../testing/index.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** An app paying out through the fake Stripe, its links on the portal's public address. */
const appOnFakeStripe = (fake: FakeStripe) => ({
  ...stripeEnv(fake.url),
  PUBLIC_URL: 'https://partners.lumora.example',
});

describe('payout provider: the stripe SDK against a local fake of Stripe', () => {
  const fake = useFakeStripe();
  const t = useTestApp('pglite', () => appOnFakeStripe(fake));

  const urls = (token: string) => connectUrls(t.app, token);
  const confirm = (token: string, body: Record<string, unknown>) =>
    as(t.app, token).post('/api/Stripe/Connect/Confirm', body);
  const isConnected = async (token: string) =>
    ((await as(t.app, token).get('/api/Access/Profile')).json() as { connectedToStripe: boolean }).connectedToStripe;

  it('has no sandbox pages', async () => {
    expect((await as(t.app).get('/sandbox/stripe/connect?state=x&account_type=Standard')).statusCode).toBe(404);
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
    const dashboard = await as(t.app, partner.accessToken).get('/api/Stripe/Connect/Dashboard');
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
    const start = await as(t.app).get(`${express.pathname}${express.search}`);
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
    const dashboard = await as(t.app, partner.accessToken).get('/api/Stripe/Connect/Dashboard');
    expect(dashboard.json()).toEqual({ url: `https://connect.stripe.example/express/${accountId}/login` });
  });
});

describeEachDatabase('Express onboarding under forty parallel starts', (variant) => {
  const fake = useFakeStripe();
  const t = useTestApp(variant, () => appOnFakeStripe(fake));

  /** The path and query of a fresh Express connect URL of the partner, as the payout page shows it. */
  const expressStart = async (token: string) => {
    const list = await connectUrls(t.app, token);
    const url = new URL(list.find((u) => u.accountType === 'Express')?.url ?? '');
    return `${url.pathname}${url.search}`;
  };
  const accountsCreatedFor = (email: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.form.email === email);
  const startAll = async (urls: string[]) => {
    const answers = await Promise.all(urls.map((url) => as(t.app).get(url)));
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
  const t = useTestApp('pglite', stripeEnv('http://127.0.0.1:9'));

  it('answers 502 on a network failure and writes nothing', async () => {
    const partner = await registerPartner(t.app);
    const list = await connectUrls(t.app, partner.accessToken);
    const state = new URL(list[0]?.url ?? '').searchParams.get('state');
    const response = await as(t.app, partner.accessToken).post('/api/Stripe/Connect/Confirm', {
      code: 'ac_good',
      state,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PaymentProviderError' });
    const account = await as(t.app, partner.accessToken).get('/api/Stripe/Connect/Account');
    expect(account.json()).toMatchObject({ connected: false });
  });
});

describe('payout provider: transfers through the stripe SDK against a local fake of Stripe', () => {
  const fake = useFakeStripe();
  let provider: ReturnType<typeof createStripeProvider>;
  beforeAll(() => {
    provider = createStripeProvider({
      secretKey: 'sk_test_portal',
      clientId: 'ca_portal',
      apiBase: fake.url,
      redirectUri: 'https://partners.lumora.example/stripe-connected',
      expressStartUrl: (state) => `https://partners.lumora.example/stripe/connect/express?state=${state}`,
    });
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
