import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { connectAttempts, payoutAccounts } from '../../db/schema/payments.ts';
import {
  as,
  connectUrls,
  describeEachDatabase,
  postForm,
  productionEnv,
  readOutbox,
  registerPartner,
  type TestApp,
  useTestApp,
} from '../../testing/index.ts';

describeEachDatabase('payout account API (sandbox provider)', (variant) => {
  const t = useTestApp(variant);

  const stateOf = (url: string) => new URL(url, 'http://x').searchParams.get('state') ?? '';
  /** Opens the consent page and presses a button, as a browser without JavaScript would. */
  const consent = async (url: string, decision: 'authorize' | 'deny') => {
    const page = await as(t.app).get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/sandbox/stripe/connect">');
    const { searchParams } = new URL(url, 'http://x');
    const response = await postForm(t.app, '/sandbox/stripe/connect', {
      state: searchParams.get('state') ?? '',
      account_type: searchParams.get('account_type') ?? '',
      decision,
    });
    expect(response.statusCode).toBe(303);
    return new URL(response.headers.location as string, 'http://x');
  };
  /** Authorizes the partner's first (Standard) connect URL on the consent page; answers the callback. */
  const authorizeFirst = async (token: string) => {
    const [standard] = await connectUrls(t.app, token);
    return consent(standard?.url ?? '', 'authorize');
  };
  /** The code and state of a callback, as the callback page sends them on. */
  const codeAndState = (callback: URL) => ({
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  });
  const confirm = (token: string, body: Record<string, unknown>) =>
    as(t.app, token).post('/api/Stripe/Connect/Confirm', body);
  const payoutAccount = async (token: string) => (await as(t.app, token).get('/api/Stripe/Connect/Account')).json();

  it('answers a Standard and an Express URL, each with its own state, to signed-in partners only', async () => {
    expect((await as(t.app).get('/api/Stripe/Connect/Url')).statusCode).toBe(401);
    const partner = await registerPartner(t.app);
    const urls = await connectUrls(t.app, partner.accessToken);
    expect(urls.map((u) => u.accountType)).toEqual(['Standard', 'Express']);
    const [standard, express] = urls;
    expect(standard?.url).toMatch(/^\/sandbox\/stripe\/connect\?state=[\w-]{40,}&account_type=Standard&email=/);
    expect(stateOf(standard?.url ?? '')).not.toBe(stateOf(express?.url ?? ''));
  });

  it('connects through the consent page and the callback code', async () => {
    const partner = await registerPartner(t.app);
    const [standard] = await connectUrls(t.app, partner.accessToken);
    const callback = await consent(standard?.url ?? '', 'authorize');
    expect(callback.pathname).toBe('/stripe-connected');
    expect(callback.searchParams.get('scope')).toBe('read_write');
    expect(callback.searchParams.get('state')).toBe(stateOf(standard?.url ?? ''));

    const response = await confirm(partner.accessToken, {
      code: callback.searchParams.get('code'),
      scope: 'read_write',
      state: callback.searchParams.get('state'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: partner.email, connectedToStripe: true });
    const profile = await as(t.app, partner.accessToken).get('/api/Access/Profile');
    expect(profile.json()).toMatchObject({ connectedToStripe: true });
    expect(await payoutAccount(partner.accessToken)).toMatchObject({ connected: true, accountType: 'Standard' });
  });

  it('uses the newest open connection when the callback carries no state', async () => {
    const partner = await registerPartner(t.app);
    const callback = await authorizeFirst(partner.accessToken);
    const response = await confirm(partner.accessToken, {
      code: callback.searchParams.get('code'),
      scope: 'read_write',
    });
    expect(response.statusCode).toBe(200);
  });

  it('reports a denial back to the callback page and stays unconnected', async () => {
    const partner = await registerPartner(t.app);
    const [standard] = await connectUrls(t.app, partner.accessToken);
    const callback = await consent(standard?.url ?? '', 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await payoutAccount(partner.accessToken)).toMatchObject({ connected: false });
  });

  it('refuses a reused code, and a code of another connection', async () => {
    const partner = await registerPartner(t.app);
    const callback = await authorizeFirst(partner.accessToken);
    const body = { ...codeAndState(callback), scope: 'read_write' };
    expect((await confirm(partner.accessToken, body)).statusCode).toBe(200);
    const reused = await confirm(partner.accessToken, body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errorCode: 'ConnectStateInvalid' });

    const [fresh] = await connectUrls(t.app, partner.accessToken);
    const codeAgain = await confirm(partner.accessToken, { ...body, state: stateOf(fresh?.url ?? '') });
    expect(codeAgain.json()).toMatchObject({ errorCode: 'ConnectCodeInvalid' });
  });

  it("refuses another partner's state, leaving both unconnected", async () => {
    const a = await registerPartner(t.app);
    const b = await registerPartner(t.app);
    const callbackOfB = await authorizeFirst(b.accessToken);
    const response = await confirm(a.accessToken, { ...codeAndState(callbackOfB), scope: 'read_write' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ConnectStateInvalid' });
    expect(await payoutAccount(a.accessToken)).toMatchObject({ connected: false });
    expect(await payoutAccount(b.accessToken)).toMatchObject({ connected: false });
  });

  it('refuses an expired or unknown state and a missing code, writing nothing', async () => {
    const partner = await registerPartner(t.app);
    const callback = await authorizeFirst(partner.accessToken);
    await t.database.db.update(connectAttempts).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await confirm(partner.accessToken, codeAndState(callback));
    expect(expired.json()).toMatchObject({ errorCode: 'ConnectStateInvalid' });
    expect((await confirm(partner.accessToken, { code: 'ac_x', state: 'made-up' })).json()).toMatchObject({
      errorCode: 'ConnectStateInvalid',
    });
    const missing = await confirm(partner.accessToken, { scope: 'read_write' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'ValidationFailed' });
    expect(await payoutAccount(partner.accessToken)).toMatchObject({ connected: false });
  });

  it('replaces the account when the partner connects again', async () => {
    const partner = await registerPartner(t.app);
    for (const type of ['Standard', 'Express'] as const) {
      const url = (await connectUrls(t.app, partner.accessToken)).find((u) => u.accountType === type)?.url ?? '';
      await confirm(partner.accessToken, codeAndState(await consent(url, 'authorize')));
    }
    expect(await payoutAccount(partner.accessToken)).toMatchObject({ connected: true, accountType: 'Express' });
    const user = (await t.app.services.access.findUserByEmail(partner.email))?.id ?? '';
    expect(await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user))).toHaveLength(1);
  });

  it('mails a connection link that works', async () => {
    const partner = await registerPartner(t.app);
    const response = await as(t.app, partner.accessToken).post('/api/Stripe/Connect/SendEmail', {
      email: 'finance@northlight.example',
      accountType: 'Express',
    });
    expect(response.statusCode).toBe(200);
    const mail = (await readOutbox(t.app)).find((m) => m.to === 'finance@northlight.example');
    expect(mail?.subject).toBe('Connect your Stripe account to the Lumora Partner Portal');
    const link = mail?.text.match(/Connect with Stripe: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/stripe/connect\\?state=`));
    const callback = await consent(link.replace(t.config.publicUrl, ''), 'authorize');
    const connected = await confirm(partner.accessToken, codeAndState(callback));
    expect(connected.json()).toMatchObject({ connectedToStripe: true });
  });

  it.each([
    [{ email: 'finance@northlight', accountType: 'Standard' }, 'email: Incorrect email format'],
    [{ email: 'finance@northlight.example', accountType: 'Custom' }, 'accountType: Please select the account type'],
    [{ accountType: 'Standard' }, 'email: Please input the email'],
  ])('refuses to mail %j', async (payload, message) => {
    const partner = await registerPartner(t.app);
    const before = (await readOutbox(t.app)).length;
    const response = await as(t.app, partner.accessToken).post('/api/Stripe/Connect/SendEmail', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message });
    expect((await readOutbox(t.app)).length).toBe(before);
  });

  it('links to the dashboard once connected', async () => {
    const partner = await registerPartner(t.app);
    const dashboard = () => as(t.app, partner.accessToken).get('/api/Stripe/Connect/Dashboard');
    expect((await dashboard()).json()).toMatchObject({ errorCode: 'PayoutAccountMissing' });
    await confirm(partner.accessToken, codeAndState(await authorizeFirst(partner.accessToken)));
    const { url } = (await dashboard()).json() as { url: string };
    expect(url).toMatch(/^\/sandbox\/stripe\/dashboard\?link=dl_sandbox_/);
    const page = await as(t.app).get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<dt>Account<\/dt><dd>acct_sandbox_/);
    // a link each time, as Stripe's login links
    expect(((await dashboard()).json() as { url: string }).url).not.toBe(url);
  });

  it("disconnects the partner whose account revokes the portal's access in its dashboard, and no one else", async () => {
    const connect = async () => {
      const partner = await registerPartner(t.app);
      await confirm(partner.accessToken, codeAndState(await authorizeFirst(partner.accessToken)));
      return partner;
    };
    const [leaving, staying] = [await connect(), await connect()];
    const { url } = (await as(t.app, leaving.accessToken).get('/api/Stripe/Connect/Dashboard')).json() as {
      url: string;
    };
    const page = await as(t.app).get(url);
    expect(page.body).toContain('<form method="post" action="/sandbox/stripe/deauthorize">');
    const link = new URL(url, 'http://x').searchParams.get('link') ?? '';
    expect(page.body).toContain(`<input type="hidden" name="link" value="${link}">`);
    // an account id is no longer enough, nor a made-up link: the page's one-time link is
    const account = /<dt>Account<\/dt><dd>([^<]+)<\/dd>/.exec(page.body)?.[1] ?? '';
    expect(account).toMatch(/^acct_sandbox_/);
    expect((await postForm(t.app, '/sandbox/stripe/deauthorize', { account })).statusCode).toBe(400);
    const madeUp = await postForm(t.app, '/sandbox/stripe/deauthorize', { link: 'dl_sandbox_guessed' });
    expect(madeUp.statusCode).toBe(403);
    expect(madeUp.body).toContain('This dashboard link has expired');
    expect((await as(t.app).get(`/sandbox/stripe/dashboard?account=${account}&type=Standard`)).statusCode).toBe(400);
    expect(await payoutAccount(leaving.accessToken)).toMatchObject({ connected: true });
    const revoke = () => postForm(t.app, '/sandbox/stripe/deauthorize', { link });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toContain('Lumora Partner Portal is disconnected');
    // spent: the link opens nothing and disconnects nothing again
    expect((await revoke()).statusCode).toBe(403);
    expect((await as(t.app).get(url)).statusCode).toBe(404);
    expect(await payoutAccount(leaving.accessToken)).toMatchObject({ connected: false });
    const profile = await as(t.app, leaving.accessToken).get('/api/Access/Profile');
    expect(profile.json()).toMatchObject({ connectedToStripe: false });
    expect(await payoutAccount(staying.accessToken)).toMatchObject({ connected: true });
  });
});

describe('payments configuration', () => {
  it('needs both keys for PAYMENTS=stripe', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_CLIENT_ID/);
  });

  it('never runs the sandbox in production unless PAYMENTS=sandbox says so', () => {
    expect(loadConfig(productionEnv).payments.mode).toBe('disabled');
    expect(loadConfig({ ...productionEnv, PAYMENTS: 'sandbox' }).payments.mode).toBe('sandbox');
    expect(loadConfig({}).payments.mode).toBe('sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_CLIENT_ID: 'ca_x' }).payments.mode).toBe('stripe');
  });

  describe('in production without Stripe keys', () => {
    const t = useTestApp('pglite', productionEnv);

    it('has no sandbox pages and answers 503 for connect URLs', async () => {
      expect((await as(t.app).get('/sandbox/stripe/connect?state=x&account_type=Standard')).statusCode).toBe(404);
      const token = await registerWithoutOutbox(t);
      const response = await as(t.app, token).get('/api/Stripe/Connect/Url');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ errorCode: 'PaymentsUnavailable' });
    });
  });
});

/** Production has no outbox to read codes from: start a session through the service directly. */
async function registerWithoutOutbox(t: TestApp): Promise<string> {
  const { hashPassword } = await import('../../lib/passwords.ts');
  const { insertUser } = await import('../access/repository.ts');
  await insertUser(t.database.db, {
    email: 'prod-partner@studio.example',
    passwordHash: await hashPassword('Secret123'),
    firstName: 'Pro',
    lastName: 'Duction',
    registeredAddress: 'Hong Kong',
  });
  const login = await t.app.services.access.login('prod-partner@studio.example', 'Secret123', '10.9.9.9');
  if (!('accessToken' in login)) throw new Error('this partner has no second factor');
  return login.accessToken;
}
