import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { payoutAccounts, sandboxCheckoutSessions, subscriptions } from '../../db/schema/payments.ts';
import {
  addMember,
  as,
  describeEachDatabase,
  monthOfPlacement,
  postForm,
  readOutbox,
  registerPartner,
  stripeEnv,
  useFakeStripe,
  userIdOf,
  useTestApp,
  whilePlacementIsFree,
} from '../../testing/index.ts';

const PORTAL = 'http://localhost:8080';

describeEachDatabase('placement subscriptions through the sandbox checkout', (variant) => {
  const t = useTestApp(
    variant,
    // a studio's members register from one address here
    { PUBLIC_URL: PORTAL, PAYMENTS: 'sandbox', RATE_LIMIT_CODES_PER_IP: '1000' },
    { placementClock: () => clock },
  );
  let clock = new Date('2026-03-10T08:00:00Z');

  const purchase = (token: string, overrides: Record<string, unknown> = {}) =>
    as(t.app, token).post('/api/Subscription/Purchase/Stripe', { ...monthOfPlacement(PORTAL), ...overrides });
  /** Presses a button of the checkout page, as a browser without JavaScript does. */
  const press = (checkoutPath: string, decision: 'pay' | 'decline' | 'cancel') =>
    postForm(t.app, checkoutPath, { decision });
  /** Opens a checkout and presses one of its buttons, as a browser without JavaScript does; answers where it went. */
  async function checkout(token: string, decision: 'pay' | 'decline' | 'cancel') {
    const started = await purchase(token);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL((started.json() as { url: string }).url, PORTAL);
    const pageResponse = await as(t.app).get(url.pathname);
    expect(pageResponse.statusCode).toBe(200);
    const pressed = await press(url.pathname, decision);
    expect(pressed.statusCode).toBe(303);
    const back = new URL(pressed.headers.location as string);
    return { back, sessionId: back.searchParams.get('session_id') ?? '', checkoutPath: url.pathname };
  }
  const history = async (token: string, query = '') =>
    (await as(t.app, token).get(`/api/Subscription/Query${query}`)).json() as {
      data: Array<{ payStatus: string; startdAt: string | null; expiredAt: string | null; orderAmount: number }>;
      totalCount: number;
    };
  const receiptsTo = async (email: string) =>
    (await readOutbox(t.app)).filter((mail) => mail.to === email && /^Your receipt for/.test(mail.subject));
  const profile = async (token: string) =>
    ((await as(t.app, token).get('/api/Access/Profile')).json() as { isSubscribed: boolean }).isSubscribed;

  it('sells a month through the checkout: Processing until paid, then a month from the payment', async () => {
    const partner = await registerPartner(t.app);
    const started = await purchase(partner.accessToken);
    expect(started.json()).toMatchObject({ url: expect.stringMatching(/\/sandbox\/stripe\/checkout\/cs_sandbox_/) });
    expect((await history(partner.accessToken)).data).toEqual([
      expect.objectContaining({ payStatus: 'Processing', orderAmount: 9.99, startdAt: null, expiredAt: null }),
    ]);
    expect(await profile(partner.accessToken)).toBe(false);

    const paid = await checkout(partner.accessToken, 'pay');
    expect(paid.back.origin + paid.back.pathname).toBe(`${PORTAL}/vps`);
    expect(paid.back.searchParams.get('checkout')).toBe('success');
    const confirmed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', {
      sessionId: paid.sessionId,
    });
    expect(confirmed.json()).toMatchObject({
      payStatus: 'Successed',
      startdAt: '2026-03-10T08:00:00.000Z',
      expiredAt: '2026-04-10T08:00:00.000Z',
    });
    expect(await profile(partner.accessToken)).toBe(true);
    // one receipt, however often the return page asks again
    await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', { sessionId: paid.sessionId });
    const receipts = await receiptsTo(partner.email);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your receipt for 9.99 USD: AR placement: one month']);
    expect(receipts[0]?.text).toContain('Your stages may be published from 2026-03-10 to 2026-04-10 (UTC).');
    expect(receipts[0]?.text).toContain(`${PORTAL}/purchase-history`);
  });

  it("mails the receipt to the studio's owner and Finance members, not its developers nor who muted receipts", async () => {
    const owner = await registerPartner(t.app);
    const finance = await addMember(t.app, owner, 'Finance');
    const muted = await addMember(t.app, owner, 'Finance');
    const developer = await addMember(t.app, owner, 'Developer');
    expect((await muted.caller.put('/api/Team/Mail', { muted: ['placement'] })).statusCode).toBe(204);
    // Finance buys the month for the studio
    const started = await finance.caller.post('/api/Subscription/Purchase/Stripe', monthOfPlacement(PORTAL));
    const checkoutPath = new URL((started.json() as { url: string }).url, PORTAL).pathname;
    const pressed = await press(checkoutPath, 'pay');
    const sessionId = new URL(pressed.headers.location as string).searchParams.get('session_id') ?? '';
    await finance.caller.post('/api/Subscription/Confirm', { sessionId });
    expect(await receiptsTo(owner.email)).toHaveLength(1);
    expect(await receiptsTo(finance.email)).toHaveLength(1);
    expect(await receiptsTo(muted.email)).toEqual([]);
    expect(await receiptsTo(developer.email)).toEqual([]);
  });

  it('starts a month bought while one runs when that one ends', async () => {
    const partner = await registerPartner(t.app);
    await checkout(partner.accessToken, 'pay');
    await checkout(partner.accessToken, 'pay');
    const months = (await history(partner.accessToken, '?PayStatus=Successed')).data;
    expect(months.map((month) => [month.startdAt, month.expiredAt])).toEqual([
      ['2026-04-10T08:00:00.000Z', '2026-05-10T08:00:00.000Z'],
      ['2026-03-10T08:00:00.000Z', '2026-04-10T08:00:00.000Z'],
    ]);
    const status = (await as(t.app, partner.accessToken).get('/api/Subscription/Status')).json();
    expect(status).toEqual({ isSubscribed: true, activeUntil: '2026-05-10T08:00:00.000Z' });
  });

  it("answers the profile's isSubscribed anew when a month starts or ends, with nothing written", async () => {
    const partner = await registerPartner(t.app);
    expect(await profile(partner.accessToken)).toBe(false);
    await checkout(partner.accessToken, 'pay');
    await checkout(partner.accessToken, 'pay');
    expect(await profile(partner.accessToken)).toBe(true);
    const start = clock;
    try {
      // the first month has ended and the second runs
      clock = new Date('2026-04-20T08:00:00Z');
      expect(await profile(partner.accessToken)).toBe(true);
      clock = new Date('2026-05-10T08:00:00Z');
      expect(await profile(partner.accessToken)).toBe(false);
    } finally {
      clock = start;
    }
  });

  it('marks a declined card Failed and a cancelled checkout Cancelled, and neither gives a month', async () => {
    const partner = await registerPartner(t.app);
    const declined = await checkout(partner.accessToken, 'decline');
    const failed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', {
      sessionId: declined.sessionId,
    });
    expect(failed.json()).toMatchObject({ payStatus: 'Failed', startdAt: null });

    const cancelled = await checkout(partner.accessToken, 'cancel');
    expect(cancelled.back.searchParams.get('checkout')).toBe('cancelled');
    const closed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', {
      sessionId: cancelled.sessionId,
      cancelled: true,
    });
    expect(closed.json()).toMatchObject({ payStatus: 'Cancelled' });
    // the closed checkout can no longer be paid: its page says so, and sends nobody to the success page
    for (const decision of ['pay', 'decline', 'cancel'] as const) {
      const late = await press(cancelled.checkoutPath, decision);
      expect(late.statusCode, decision).toBe(409);
      expect(late.headers.location, decision).toBeUndefined();
      expect(late.body).toContain('This checkout has ended');
      expect(late.body).toContain('nothing was charged');
    }
    expect((await as(t.app).get(cancelled.checkoutPath)).body).toContain('This checkout has ended');
    expect((await history(partner.accessToken)).data.map((row) => row.payStatus)).toEqual(['Cancelled', 'Failed']);
    expect(await profile(partner.accessToken)).toBe(false);
  });

  it('lets a checkout be paid for 24 hours, as Stripe does, then says it has ended and charges nothing', async () => {
    const partner = await registerPartner(t.app);
    const started = await purchase(partner.accessToken);
    const checkoutPath = new URL((started.json() as { url: string }).url, PORTAL).pathname;
    const sessionId = checkoutPath.split('/').at(-1) ?? '';
    const age = (hours: number) =>
      t.database.db
        .update(sandboxCheckoutSessions)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(sandboxCheckoutSessions.id, sessionId));
    await age(23.9);
    expect((await as(t.app).get(checkoutPath)).body).toContain('Pay Lumora');
    await age(24.1);
    const page = await as(t.app).get(checkoutPath);
    expect(page.body).toContain('This checkout has ended');
    expect(page.body).not.toContain('Pay Lumora');
    const late = await press(checkoutPath, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('not paid within 24 hours');
    const confirmed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', { sessionId });
    expect(confirmed.json()).toMatchObject({ payStatus: 'Cancelled', startdAt: null });
    expect(await profile(partner.accessToken)).toBe(false);
  });

  it('applies a checkout event once however often it comes, and never undoes a payment', async () => {
    const partner = await registerPartner(t.app);
    const started = await purchase(partner.accessToken);
    const sessionId = new URL((started.json() as { url: string }).url, PORTAL).pathname.split('/').at(-1) ?? '';
    const noop = async () => {};
    const paid = { id: 'evt_replayed', type: 'checkout.session.completed', kind: 'checkout' as const, sessionId };
    for (let i = 0; i < 3; i += 1) {
      await t.app.services.subscriptions.applyEvent({ ...paid, outcome: 'paid' }, noop);
      clock = new Date(clock.getTime() + 60_000);
    }
    await t.app.services.subscriptions.applyEvent(
      { id: 'evt_late_expiry', type: 'checkout.session.expired', kind: 'checkout', sessionId, outcome: 'cancelled' },
      noop,
    );
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    expect(rows.map((row) => row.payStatus)).toEqual(['Successed']);
    expect((await history(partner.accessToken, '?PayStatus=Successed')).totalCount).toBe(1);
    expect(await receiptsTo(partner.email)).toHaveLength(1);
  });

  it('gives a free month at once, without a checkout', async () => {
    await whilePlacementIsFree(t.app, async () => {
      const partner = await registerPartner(t.app);
      expect(await profile(partner.accessToken)).toBe(false);
      const started = await purchase(partner.accessToken);
      expect(started.json()).toMatchObject({ url: `${PORTAL}/vps?checkout=success` });
      expect((await history(partner.accessToken)).data).toEqual([
        expect.objectContaining({ payStatus: 'Successed', orderAmount: 0, startdAt: expect.any(String) }),
      ]);
      expect(await profile(partner.accessToken)).toBe(true);
      // nothing was paid: no receipt
      expect(await receiptsTo(partner.email)).toEqual([]);
    });
  });

  it('sends the partner back to the portal, whatever return pages were asked for: the VPS page on its public origin', async () => {
    const partner = await registerPartner(t.app);
    for (const [successUrl, cancelUrl] of [
      ['https://evil.example/vps?checkout=success', 'https://evil.example/vps?checkout=cancelled'],
      // the same portal at another address than the one it prints: no developer wording for the partner
      ['http://127.0.0.1:8080/vps?checkout=success', 'http://127.0.0.1:8080/vps?checkout=cancelled'],
      [`${PORTAL}/login?redirect=https://evil.example`, `${PORTAL}/login`],
    ]) {
      for (const decision of ['pay', 'cancel'] as const) {
        const started = await purchase(partner.accessToken, { successUrl, cancelUrl });
        expect(started.statusCode, started.body).toBe(200);
        const checkoutPath = new URL((started.json() as { url: string }).url, PORTAL).pathname;
        const pressed = await press(checkoutPath, decision);
        expect(pressed.statusCode).toBe(303);
        const kind = decision === 'pay' ? 'success' : 'cancelled';
        expect(pressed.headers.location).toMatch(
          new RegExp(`^${PORTAL}/vps\\?checkout=${kind}&session_id=cs_sandbox_`),
        );
      }
    }
  });

  it("refuses another quantity, a return page that is no URL, or someone else's checkout, and stores nothing", async () => {
    const partner = await registerPartner(t.app);
    for (const [overrides, errorCode] of [
      [{ quantity: 2 }, 'ValidationFailed'],
      [{ successUrl: '/vps' }, 'ValidationFailed'],
    ] as const) {
      const response = await purchase(partner.accessToken, overrides);
      expect({ overrides, status: response.statusCode, body: response.json() }).toMatchObject({
        overrides,
        status: 400,
        body: { errorCode },
      });
    }
    expect((await history(partner.accessToken)).totalCount).toBe(0);
    const other = await registerPartner(t.app);
    const theirs = await checkout(other.accessToken, 'pay');
    const peek = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', {
      sessionId: theirs.sessionId,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toMatchObject({ errorCode: 'CheckoutNotFound' });
    expect((await as(t.app, '').post('/api/Subscription/Purchase/Stripe', {})).statusCode).toBe(401);
  });

  it('filters the history by payment status and creation dates, ten to a page', async () => {
    const partner = await registerPartner(t.app);
    for (let i = 0; i < 11; i += 1) await purchase(partner.accessToken);
    const first = await history(partner.accessToken);
    expect(first.data).toHaveLength(10);
    expect(first.totalCount).toBe(11);
    expect((await history(partner.accessToken, '?PageIndex=2')).data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(partner.accessToken, `?CreatedStartAt=${today}&CreatedEndAt=${today}`)).totalCount).toBe(11);
    expect((await history(partner.accessToken, '?CreatedEndAt=2020-01-01')).totalCount).toBe(0);
    expect((await history(partner.accessToken, '?PayStatus=Successed')).totalCount).toBe(0);
    for (const query of [
      '?PayStatus=Paid',
      '?CreatedStartAt=2026-05-01&CreatedEndAt=2026-04-01',
      '?CreatedStartAt=soon',
    ]) {
      const response = await as(t.app, partner.accessToken).get(`/api/Subscription/Query${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('placement subscriptions through Stripe Checkout and its webhooks (the fake Stripe)', () => {
  const SECRET = 'whsec_portal_test_secret';
  const fake = useFakeStripe();
  const t = useTestApp('pglite', () => ({
    ...stripeEnv(fake.url),
    PUBLIC_URL: PORTAL,
    STRIPE_WEBHOOK_SECRET: SECRET,
  }));

  const purchase = async (token: string) => {
    const response = await as(t.app, token).post('/api/Subscription/Purchase/Stripe', monthOfPlacement(PORTAL));
    expect(response.statusCode, response.body).toBe(200);
    const { url, subscriptionId } = response.json() as { url: string; subscriptionId: string };
    return { sessionId: url.split('/').at(-1) ?? '', subscriptionId };
  };
  let eventCount = 0;
  const event = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    eventCount += 1;
    return JSON.stringify({ id: `evt_test_${eventCount}`, object: 'event', type, data: { object }, ...extra });
  };
  /** An event about the Checkout Session `sessionId`, paid or not. */
  const checkoutEvent = (type: 'completed' | 'expired', sessionId: string, paymentStatus: 'paid' | 'unpaid') =>
    event(`checkout.session.${type}`, { id: sessionId, object: 'checkout.session', payment_status: paymentStatus });
  const deliver = (
    payload: string,
    signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  ) =>
    as(t.app).post('/api/Stripe/Webhook', payload, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const statusOf = async (subscriptionId: string) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];

  it('opens a Checkout Session in payment mode for a month at the settings price, back to the portal with its id', async () => {
    const partner = await registerPartner(t.app);
    const { sessionId } = await purchase(partner.accessToken);
    const created = fake.checkouts.get(sessionId)?.form ?? {};
    expect(created).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '999',
      success_url: `${PORTAL}/vps?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      customer_email: partner.email,
    });
  });

  it('takes a signed checkout.session.completed once, however often it is replayed, and ignores a late expiry', async () => {
    const partner = await registerPartner(t.app);
    const { sessionId, subscriptionId } = await purchase(partner.accessToken);
    const completed = checkoutEvent('completed', sessionId, 'paid');
    for (let i = 0; i < 3; i += 1) expect((await deliver(completed)).statusCode).toBe(200);
    const paid = await statusOf(subscriptionId);
    expect(paid).toMatchObject({ payStatus: 'Successed' });
    const expired = checkoutEvent('expired', sessionId, 'unpaid');
    expect((await deliver(expired)).statusCode).toBe(200);
    expect(await statusOf(subscriptionId)).toEqual(paid);
  });

  it('refuses a forged, a re-signed or a stale webhook with 400 and changes nothing', async () => {
    const partner = await registerPartner(t.app);
    const { sessionId, subscriptionId } = await purchase(partner.accessToken);
    const payload = checkoutEvent('completed', sessionId, 'paid');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const tampered = Stripe.webhooks.generateTestHeaderString({
      payload: payload.replace('paid', 'paid '),
      secret: SECRET,
    });
    for (const signature of [forged, stale, tampered, 'nonsense']) {
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'WebhookSignatureInvalid' });
    }
    expect(await statusOf(subscriptionId)).toMatchObject({ payStatus: 'Processing' });
  });

  it('gives the month from the return page when the webhook is late: the server asks Stripe', async () => {
    const partner = await registerPartner(t.app);
    const { sessionId } = await purchase(partner.accessToken);
    fake.payCheckout(sessionId);
    const confirmed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', { sessionId });
    expect(confirmed.json()).toMatchObject({ payStatus: 'Successed', startdAt: expect.any(String) });
  });

  it('closes the checkout of a partner who came back through Cancel, so that it cannot be paid later', async () => {
    const partner = await registerPartner(t.app);
    const { sessionId } = await purchase(partner.accessToken);
    const confirmed = await as(t.app, partner.accessToken).post('/api/Subscription/Confirm', {
      sessionId,
      cancelled: true,
    });
    expect(confirmed.json()).toMatchObject({ payStatus: 'Cancelled' });
    expect(fake.checkouts.get(sessionId)?.status).toBe('expired');
  });

  it('disconnects a partner whose account revoked the platform (account.application.deauthorized)', async () => {
    const partner = await registerPartner(t.app);
    const userId = await userIdOf(t.database.db, partner.email);
    await t.database.db
      .insert(payoutAccounts)
      .values({ userId, accountId: 'acct_revoking', accountType: 'Standard', connectedAt: new Date() });
    const connected = async () =>
      (await as(t.app, partner.accessToken).get('/api/Access/Profile')).json().connectedToStripe;
    expect(await connected()).toBe(true);
    const revoked = event(
      'account.application.deauthorized',
      { id: 'ca_portal', object: 'application' },
      { account: 'acct_revoking' },
    );
    expect((await deliver(revoked)).statusCode).toBe(200);
    const accounts = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    expect(accounts).toEqual([]);
    expect(await connected()).toBe(false);
  });
});
