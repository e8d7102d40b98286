import { setTimeout as delay } from 'node:timers/promises';
import {
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  twoFactorMessages,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, expect, it } from 'vitest';
import {
  loginChallenges,
  recoveryCodes,
  sessions,
  totpFactors,
  twoFactorRecoveries,
  verificationCodes,
} from '../../db/schema/access.ts';
import {
  ADMIN,
  adminEnv,
  as,
  describeEachDatabase,
  PASSWORD,
  type Partner,
  readOutbox,
  registerPartner,
  signIn,
  userIdOf,
  useTestApp,
} from '../../testing/index.ts';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The code an authenticator app shows for `secret`, `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

/** Waits out the last two seconds of a time step, so that "now" is the same step for the test and the server. */
async function awayFromStepEdge() {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 2000) await delay(STEP_MS - intoStep + 50);
}

describeEachDatabase('two-step sign-in with an authenticator app and recovery codes', (variant) => {
  const logLines: string[] = [];
  const t = useTestApp(
    variant,
    { RATE_LIMIT_SECOND_STEP_PER_ACCOUNT: '8' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const login = (email: string, password = PASSWORD, ip = '10.1.1.1') =>
    as(t.app).post('/api/Access/Login', { email, password }, { remoteAddress: ip });
  const secondStep = (body: object, ip = '10.1.1.1') =>
    as(t.app).post('/api/Access/Login/TwoFactor', body, { remoteAddress: ip });

  /**
   * A partner who turned the authenticator on (a step ago, from its registration session), with `before`: a session
   * signed in with the password alone before that, which never gave a second factor.
   */
  async function partnerWithStaleSession() {
    const partner = await registerPartner(t.app);
    const before = (await login(partner.email)).json() as { accessToken: string };
    const { secret } = (await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Setup')).json() as {
      secret: string;
    };
    await awayFromStepEdge();
    await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', { code: codeAt(secret, -1) });
    return { partner, before, secret };
  }

  /** A partner with the authenticator on: its secret, and the recovery codes it was shown. Enabled a step ago. */
  async function partnerWithTotp(): Promise<Partner & { secret: string; recoveryCodes: string[] }> {
    const partner = await registerPartner(t.app);
    const setup = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    await awayFromStepEdge();
    const enable = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', {
      code: codeAt(secret, -1),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    return { ...partner, secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function challengeOf(email: string): Promise<string> {
    const response = await login(email);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { twoFactorRequired?: boolean; challenge?: string; accessToken?: string };
    expect(body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recoveryCode'] });
    expect(body.accessToken).toBeUndefined();
    return body.challenge as string;
  }

  beforeEach(async () => {
    await awayFromStepEdge();
  });

  it('sets up an app with a secret, an otpauth URL and a QR code, and changes nothing at sign-in until a code enables it', async () => {
    const partner = await registerPartner(t.app);
    const setup = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json() as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${TOTP_ISSUER}:${partner.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: TOTP_ISSUER,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // not on yet: the password alone still signs in
    expect((await login(partner.email)).json()).toHaveProperty('accessToken');

    const wrong = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', {
      code: codeAt(secret, 3),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    expect((await login(partner.email)).json()).toHaveProperty('accessToken');

    const enable = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', {
      code: codeAt(secret),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes: codes } = enable.json() as { recoveryCodes: string[] };
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await login(partner.email)).json()).toMatchObject({ twoFactorRequired: true });
    const mails = (await readOutbox(t.app)).filter((mail) => mail.to === partner.email);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Two-step sign-in is on for your Lumora Partner Portal account',
    );

    // a second setup cannot replace the enabled app
    const again = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'TwoFactorAlreadyEnabled' });
  });

  it('keeps the secret sealed and the recovery codes hashed: the database alone shows neither', async () => {
    const partner = await partnerWithTotp();
    const userId = await userIdOf(t.database.db, partner.email);
    const [factor] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(factor?.sealedSecret).toMatch(/^v1\./);
    expect(factor?.sealedSecret).not.toContain(partner.secret);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of partner.recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
  });

  it('signs in with the right code, also a step early or late, and refuses it again (replay), a stale one and a wrong one', async () => {
    const partner = await partnerWithTotp();
    // the code that enabled it cannot sign in
    const replayedEnable = await secondStep({
      challenge: await challengeOf(partner.email),
      code: codeAt(partner.secret, -1),
    });
    expect(replayedEnable.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });

    const challenge = await challengeOf(partner.email);
    const stale = await secondStep({ challenge, code: codeAt(partner.secret, -3) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    const signedIn = await secondStep({ challenge, code: codeAt(partner.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { accessToken, profile } = signedIn.json() as { accessToken: string; profile: { email: string } };
    expect(profile.email).toBe(partner.email);
    expect((await as(t.app, accessToken).get('/api/Access/Profile')).statusCode).toBe(200);
    // the challenge is spent with its sign-in
    expect((await secondStep({ challenge, code: codeAt(partner.secret, 1) })).json()).toMatchObject({
      errorCode: 'TwoFactorChallengeExpired',
    });

    // the same code on another sign-in: a replay
    const replay = await secondStep({ challenge: await challengeOf(partner.email), code: codeAt(partner.secret) });
    expect(replay.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    // a phone's clock a step ahead still signs in
    const skewed = await secondStep({
      challenge: await challengeOf(partner.email),
      code: ` ${codeAt(partner.secret, 1)} `,
    });
    expect(skewed.statusCode, skewed.body).toBe(200);
  });

  it('ends a sign-in attempt after five wrong codes, even for the right one after them', async () => {
    const partner = await partnerWithTotp();
    const challenge = await challengeOf(partner.email);
    for (let attempt = 1; attempt <= TWO_FACTOR_MAX_ATTEMPTS; attempt++) {
      const wrong = await secondStep({ challenge, code: attempt % 2 ? '000000' : codeAt(partner.secret, 4) });
      // the last wrong code says the sign-in is over
      expect(wrong.json()).toMatchObject({
        errorCode: attempt < TWO_FACTOR_MAX_ATTEMPTS ? 'TwoFactorCodeIncorrect' : 'TwoFactorChallengeExpired',
      });
    }
    const right = await secondStep({ challenge, code: codeAt(partner.secret) });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
    // a new sign-in may try again
    const next = await secondStep({ challenge: await challengeOf(partner.email), code: codeAt(partner.secret) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses an unknown, altered or expired challenge', async () => {
    const partner = await partnerWithTotp();
    const challenge = await challengeOf(partner.email);
    for (const body of [
      { challenge: 'nothing-like-a-challenge', code: codeAt(partner.secret) },
      { challenge: `${challenge.slice(0, -1)}${challenge.endsWith('A') ? 'B' : 'A'}`, code: codeAt(partner.secret) },
    ]) {
      expect((await secondStep(body)).json()).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
    }
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, await userIdOf(t.database.db, partner.email)));
    const expired = await secondStep({ challenge, code: codeAt(partner.secret) });
    expect(expired.json()).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
  });

  it('signs in once with each recovery code, in any case and without its dash, and warns when two are left', async () => {
    const partner = await partnerWithTotp();
    const [first = '', ...rest] = partner.recoveryCodes;
    const used = await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: first.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const again = await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: first });
    expect(again.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    // another account's codes do not open this one
    const other = await partnerWithTotp();
    const foreign = await secondStep({
      challenge: await challengeOf(partner.email),
      recoveryCode: other.recoveryCodes[0],
    });
    expect(foreign.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });

    const lowSubject = (left: number) =>
      `${left} recovery ${left === 1 ? 'code is' : 'codes are'} left for your Lumora Partner Portal account`;
    for (const code of rest.slice(0, RECOVERY_CODE_COUNT - 3)) {
      const signedIn = await secondStep({
        challenge: await challengeOf(partner.email),
        recoveryCode: code.replace('-', ''),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    }
    const warnings = () =>
      readOutbox(t.app).then((mails) =>
        mails.filter((mail) => mail.to === partner.email && mail.subject.includes('recovery')).map((m) => m.subject),
      );
    expect(await warnings()).toEqual([lowSubject(2)]);
  });

  it('says what is on and how many recovery codes are left, and makes a new set for a current code', async () => {
    const partner = await registerPartner(t.app);
    const status = async () => (await as(t.app, partner.accessToken).get('/api/Access/TwoFactor')).json();
    expect(await status()).toEqual({ totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, recoveryDueAt: null });

    const setup = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Setup');
    const { secret } = setup.json() as { secret: string };
    // waiting for its first code is not on
    expect(await status()).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
    await awayFromStepEdge();
    const enable = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', {
      code: codeAt(secret, -1),
    });
    const [first = '', second = ''] = (enable.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(await status()).toEqual({
      totpEnabled: true,
      enabledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      recoveryDueAt: null,
    });
    await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: first });
    expect(await status()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });

    const renew = (code: string) =>
      as(t.app, partner.accessToken).post('/api/Access/TwoFactor/RecoveryCodes', { code });
    expect((await renew('000000')).json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    expect((await renew('12345')).statusCode).toBe(400);
    const renewed = await renew(codeAt(secret));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(second);
    expect(await status()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT });
    // the same code again is a replay
    expect((await renew(codeAt(secret))).json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    const old = await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: second });
    expect(old.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    const fromNewSet = await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: fresh[0] });
    expect(fromNewSet.statusCode, fromNewSet.body).toBe(200);
  });

  it('answers a wrong code and a wrong recovery code alike, and counts both against the account', async () => {
    const partner = await partnerWithTotp();
    const answers = [];
    for (const body of [{ code: '123456' }, { recoveryCode: 'aaaaa-bbbbb' }]) {
      const response = await secondStep({ challenge: await challengeOf(partner.email), ...body });
      answers.push({ status: response.statusCode, body: response.json() as object });
    }
    expect(answers[0]).toEqual(answers[1]);
    // eight wrong codes an account may give in 15 minutes, whatever the sign-in attempt or address
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await secondStep(
        { challenge: await challengeOf(partner.email), code: '654321' },
        `10.2.0.${attempt}`,
      );
      expect(response.json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    }
    const limited = await secondStep(
      { challenge: await challengeOf(partner.email), code: codeAt(partner.secret) },
      '10.3.0.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('turns off with the password and a current code, mails the account, and then the password alone signs in', async () => {
    const partner = await partnerWithTotp();
    const off = (body: object) => as(t.app, partner.accessToken).delete('/api/Access/TwoFactor/Totp', body);
    const refusals: Array<[object, Record<string, string>]> = [
      [{ password: 'Wrong1234', code: codeAt(partner.secret) }, { errorCode: 'CurrentPasswordIncorrect' }],
      [{ password: PASSWORD, code: '000000' }, { errorCode: 'TwoFactorCodeIncorrect' }],
      [{ password: PASSWORD, code: '12ab56' }, { message: `code: ${twoFactorMessages.codeFormat}` }],
      [{ password: PASSWORD }, { message: `code: ${twoFactorMessages.codeRequired}` }],
    ];
    for (const [body, shape] of refusals) {
      const response = await off(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject(shape);
    }
    expect((await login(partner.email)).json()).toMatchObject({ twoFactorRequired: true });

    const response = await off({ password: PASSWORD, code: codeAt(partner.secret) });
    expect(response.statusCode, response.body).toBe(204);
    expect((await login(partner.email)).json()).toHaveProperty('accessToken');
    const mails = (await readOutbox(t.app)).filter((mail) => mail.to === partner.email);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Two-step sign-in is off for your Lumora Partner Portal account',
    );
    const userId = await userIdOf(t.database.db, partner.email);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual([]);
    expect((await off({ password: PASSWORD, code: codeAt(partner.secret, 1) })).json()).toMatchObject({
      errorCode: 'TwoFactorNotEnabled',
    });
  });

  it('asks the game host for the second step too: a password alone opens no game session', async () => {
    const partner = await partnerWithTotp();
    const gameLogin = await as(t.app).post(`${t.config.gameRoutesPrefix}/api/Access/Login`, {
      email: partner.email,
      password: PASSWORD,
    });
    expect(gameLogin.statusCode).toBe(200);
    const { challenge } = gameLogin.json() as { challenge: string };
    expect(gameLogin.json()).not.toHaveProperty('accessToken');
    const second = await as(t.app).post(`${t.config.gameRoutesPrefix}/api/Access/Login/TwoFactor`, {
      challenge,
      code: codeAt(partner.secret),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as { accessToken: string }).accessToken).toMatch(/^Bearer \S+$/);
  });

  it('needs a session for setting up, enabling and turning off, and an API key may do none of them', async () => {
    const partner = await registerPartner(t.app);
    const key = await as(t.app, partner.accessToken).post('/api/ApiKey', {
      name: 'Everything',
      scopes: ['read', 'upload', 'items', 'versions'],
    });
    const secret = (key.json() as { secret: string }).secret;
    for (const token of [undefined, secret]) {
      const caller = as(t.app, token);
      const statuses = [
        (await caller.post('/api/Access/TwoFactor/Totp/Setup')).statusCode,
        (await caller.post('/api/Access/TwoFactor/Totp/Enable', { code: '123456' })).statusCode,
        (await caller.delete('/api/Access/TwoFactor/Totp', { password: PASSWORD, code: '123456' })).statusCode,
        (await caller.get('/api/Access/TwoFactor')).statusCode,
        (await caller.post('/api/Access/TwoFactor/RecoveryCodes', { code: '123456' })).statusCode,
      ];
      expect(statuses).toEqual(token ? [403, 403, 403, 403, 403] : [401, 401, 401, 401, 401]);
    }
    const enable = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/Totp/Enable', { code: '123456' });
    expect(enable.json()).toMatchObject({ errorCode: 'TwoFactorSetupNotStarted' });
  });

  it('asks a session without a fresh second factor for one before money, keys, exports and passwords change', async () => {
    const { partner, before, secret } = await partnerWithStaleSession();

    const protectedCalls = (token: string) => {
      const caller = as(t.app, token);
      return Promise.all([
        caller.get('/api/Stripe/Connect/Url'),
        caller.post('/api/Stripe/Connect/Confirm', { code: 'ac_123' }),
        caller.post('/api/Stripe/Connect/SendEmail', { email: 'finance@studio.example', accountType: 'Express' }),
        caller.get('/api/Stripe/Connect/Dashboard'),
        caller.post('/api/ApiKey', { name: 'CI', scopes: ['read'] }),
        caller.get('/api/User/Income/Export.csv'),
        caller.put('/api/Access/Password', { currentPassword: 'Wrong1234', password: 'Fresh4567' }),
      ]);
    };
    // for each protected call, whether it asked for a step-up (the CSV's answer is not JSON)
    const askedForStepUp = async (token: string) =>
      (await protectedCalls(token)).map(
        (response) => response.statusCode === 403 && response.body.includes('"StepUpRequired"'),
      );
    const every = (asked: boolean) => Array.from({ length: 7 }, () => asked);
    // the session that turned it on gave a code a moment ago; the older one never did
    expect(await askedForStepUp(partner.accessToken)).toEqual(every(false));
    const refused = await protectedCalls(before.accessToken);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        errorCode: 'StepUpRequired',
        message: 'Confirm it is you: enter a code from your authenticator app to continue.',
      });
    }
    // reads that change nothing are not asked
    expect((await as(t.app, before.accessToken).get('/api/ApiKey')).statusCode).toBe(200);

    const stepUp = (body: object) => as(t.app, before.accessToken).post('/api/Access/TwoFactor/StepUp', body);
    expect((await stepUp({ code: '000000' })).json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    expect((await stepUp({ code: codeAt(secret, -1) })).json()).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    expect((await stepUp({ code: codeAt(secret) })).statusCode).toBe(204);
    for (const response of await protectedCalls(before.accessToken)) {
      // through the step-up: each answers what it answers for itself (the CSV, a wrong current password…)
      expect(response.body, `${response.statusCode}`).not.toContain('StepUpRequired');
    }
    const key = (
      await as(t.app, before.accessToken).post('/api/ApiKey', { name: 'Exports', scopes: ['read'] })
    ).json() as { secret: string };

    // ten minutes on, the session is asked again
    const userId = await userIdOf(t.database.db, partner.email);
    await t.database.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, userId));
    expect(await askedForStepUp(before.accessToken)).toEqual(every(true));
    // a key made with a fresh second factor exports without one of its own
    expect((await as(t.app, key.secret).get('/api/User/Income/Export.csv')).statusCode).toBe(200);
    // a recovery code steps up too
    const recovered = await as(t.app, before.accessToken).post('/api/Access/TwoFactor/StepUp', {
      recoveryCode: (
        await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/RecoveryCodes', {
          code: codeAt(secret, 1),
        })
      ).json().recoveryCodes[0],
    });
    expect(recovered.statusCode, recovered.body).toBe(204);
    expect(await askedForStepUp(before.accessToken)).toEqual(every(false));
  });

  it('asks nothing of an account without a second factor', async () => {
    const partner = await registerPartner(t.app);
    expect(
      (await as(t.app, partner.accessToken).post('/api/ApiKey', { name: 'CI', scopes: ['read'] })).statusCode,
    ).toBe(200);
    const stepUp = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/StepUp', { code: '123456' });
    expect(stepUp.json()).toMatchObject({ errorCode: 'TwoFactorNotEnabled' });
  });

  it('turns itself off 3 days after a partner without the app or a code asks by email, unless a session cancels', async () => {
    const partner = await partnerWithTotp();
    const challenge = await challengeOf(partner.email);
    const mailsTo = async () => (await readOutbox(t.app)).filter((mail) => mail.to === partner.email);
    const codeMailed = async () =>
      (await mailsTo())
        .map((mail) => mail.subject.match(/^(\d{6}) is your code to turn off two-step sign-in$/)?.[1])
        // the outbox lists the newest first
        .find(Boolean) as string;

    // the challenge proves the password; without one nothing is mailed
    const unknown = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery', { challenge: 'not-a-challenge' });
    expect(unknown.json()).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
    const sent = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery', { challenge });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await codeMailed();
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery/Confirm', {
      challenge,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ errorCode: 'VerificationCodeIncorrect' });
    const started = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery/Confirm', {
      challenge,
      verificationCode: code,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { dueAt } = started.json() as { dueAt: string };
    const days = (Date.parse(dueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect((await mailsTo()).map((mail) => mail.subject)).toContain('Two-step sign-in will be turned off in 3 days');
    const status = async () => (await as(t.app, partner.accessToken).get('/api/Access/TwoFactor')).json();
    expect(await status()).toMatchObject({ totpEnabled: true, recoveryDueAt: dueAt });

    // nothing changes before the wait is over: the password still asks for the second step
    const userId = await userIdOf(t.database.db, partner.email);
    expect(await t.app.services.access.completeDueRecoveries()).toBe(0);
    expect((await login(partner.email)).json()).toMatchObject({ twoFactorRequired: true });

    // a signed-in session cancels it, and a mail says so
    const cancelled = await as(t.app, partner.accessToken).delete('/api/Access/TwoFactor/Recovery');
    expect(cancelled.statusCode).toBe(204);
    expect(await status()).toMatchObject({ recoveryDueAt: null });
    expect((await as(t.app, partner.accessToken).delete('/api/Access/TwoFactor/Recovery')).json()).toMatchObject({
      errorCode: 'TwoFactorRecoveryNotPending',
    });
    expect((await mailsTo()).map((mail) => mail.subject)).toContain(
      'The request to turn off two-step sign-in was cancelled',
    );

    // asked again and left alone: once its wait is over, the job turns it off and mails the end
    const again = await challengeOf(partner.email);
    // past the resend window of the first code
    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(verificationCodes.email, partner.email));
    const resent = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery', { challenge: again });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await as(t.app).post('/api/Access/Login/TwoFactor/Recovery/Confirm', {
      challenge: again,
      verificationCode: await codeMailed(),
    });
    expect(second.statusCode, second.body).toBe(200);
    await t.database.db
      .update(twoFactorRecoveries)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorRecoveries.userId, userId));
    const [first, other] = await Promise.all([
      t.app.services.access.completeDueRecoveries(),
      t.app.services.access.completeDueRecoveries(),
    ]);
    expect(first + other).toBe(1);
    expect((await login(partner.email)).json()).toHaveProperty('accessToken');
    expect(await status()).toMatchObject({ totpEnabled: false, recoveryDueAt: null });
    const offMails = (await mailsTo()).filter((mail) => mail.subject.startsWith('Two-step sign-in is off'));
    expect(offMails).toHaveLength(1);
  });

  it('offers passkey ceremonies for PUBLIC_URL and refuses answers that do not hold, once each', async () => {
    const partner = await registerPartner(t.app);
    const caller = as(t.app, partner.accessToken);
    const registration = await caller.post('/api/Access/Passkeys/Register/Options');
    expect(registration.statusCode, registration.body).toBe(200);
    const { optionsId, options } = registration.json() as {
      optionsId: string;
      options: { rp: { id: string; name: string }; user: { name: string }; challenge: string };
    };
    expect(options.rp).toEqual({ id: new URL(t.config.publicUrl).hostname, name: 'Lumora Partner Portal' });
    expect(options.user.name).toBe(partner.email);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);

    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      clientExtensionResults: {},
    };
    const refused = await caller.post('/api/Access/Passkeys/Register/Verify', {
      optionsId,
      name: 'Laptop',
      response: forged,
    });
    expect(refused.json()).toMatchObject({ errorCode: 'PasskeyNotVerified' });
    // the ceremony was spent by that answer
    const again = await caller.post('/api/Access/Passkeys/Register/Verify', {
      optionsId,
      name: 'Laptop',
      response: forged,
    });
    expect(again.json()).toMatchObject({ errorCode: 'PasskeyRequestExpired' });
    const nameless = await caller.post('/api/Access/Passkeys/Register/Verify', {
      optionsId,
      name: ' ',
      response: forged,
    });
    expect(nameless.json()).toMatchObject({ message: 'name: Please name the passkey' });

    // another partner's ceremony is not this one's
    const other = await registerPartner(t.app);
    const othersOptions = (await as(t.app, other.accessToken).post('/api/Access/Passkeys/Register/Options')).json() as {
      optionsId: string;
    };
    const crossed = await caller.post('/api/Access/Passkeys/Register/Verify', {
      optionsId: othersOptions.optionsId,
      name: 'Laptop',
      response: forged,
    });
    expect(crossed.json()).toMatchObject({ errorCode: 'PasskeyRequestExpired' });

    const login = (await as(t.app).post('/api/Access/Passkeys/Login/Options')).json() as { optionsId: string };
    const signIn = await as(t.app).post('/api/Access/Passkeys/Login/Verify', {
      optionsId: login.optionsId,
      response: forged,
    });
    expect(signIn.json()).toMatchObject({ errorCode: 'PasskeyNotVerified' });
    expect((await caller.get('/api/Access/Passkeys')).json()).toEqual({ data: [] });
    expect((await caller.delete('/api/Access/Passkeys/not-an-id')).json()).toMatchObject({
      errorCode: 'PasskeyNotFound',
    });
  });

  it('lets a passkey answer the second step or a step-up only with options made for its account', async () => {
    const partner = await partnerWithTotp();
    const challenge = await challengeOf(partner.email);
    // no passkey yet: no options to answer with
    const none = await as(t.app).post('/api/Access/Passkeys/SecondStep/Options', { challenge });
    expect(none.json()).toMatchObject({ errorCode: 'PasskeyNotFound' });
    expect(
      (await as(t.app).post('/api/Access/Passkeys/SecondStep/Options', { challenge: 'nope' })).json(),
    ).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
    const stepUpOptions = await as(t.app, partner.accessToken).post('/api/Access/Passkeys/StepUp/Options');
    expect(stepUpOptions.json()).toMatchObject({ errorCode: 'PasskeyNotFound' });
    // a sign-in's options (made for nobody) do not answer this account's second step, and the try counts
    const anyone = (await as(t.app).post('/api/Access/Passkeys/Login/Options')).json() as { optionsId: string };
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } };
    const answer = await secondStep({ challenge, passkey: { optionsId: anyone.optionsId, response: forged } });
    expect(answer.json()).toMatchObject({ errorCode: 'PasskeyNotVerified' });
    const attempts = await t.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, await userIdOf(t.database.db, partner.email)));
    expect(attempts.map((row) => row.attempts)).toContain(1);
    const stepUp = await as(t.app, partner.accessToken).post('/api/Access/TwoFactor/StepUp', {
      passkey: { optionsId: anyone.optionsId, response: forged },
    });
    expect(stepUp.json()).toMatchObject({ errorCode: 'PasskeyNotVerified' });
  });

  it('asks for a fresh second factor before a passkey is added to an account with two-step sign-in', async () => {
    const { before, secret } = await partnerWithStaleSession();
    const refused = await as(t.app, before.accessToken).post('/api/Access/Passkeys/Register/Options');
    expect(refused.json()).toMatchObject({ errorCode: 'StepUpRequired' });
    await as(t.app, before.accessToken).post('/api/Access/TwoFactor/StepUp', { code: codeAt(secret) });
    expect((await as(t.app, before.accessToken).post('/api/Access/Passkeys/Register/Options')).statusCode).toBe(200);
  });

  it('writes no secret, code or recovery code to the log', async () => {
    const partner = await partnerWithTotp();
    await secondStep({ challenge: await challengeOf(partner.email), recoveryCode: partner.recoveryCodes[0] });
    const logged = logLines.join('\n');
    expect(logged).toContain('signed in with a recovery code');
    expect(logged).not.toContain(partner.secret);
    for (const code of partner.recoveryCodes) expect(logged).not.toContain(code);
  });
});

describeEachDatabase('an admin under ADMIN_REQUIRE_2FA', (variant) => {
  const t = useTestApp(variant, { ...adminEnv(), ADMIN_REQUIRE_2FA: 'true' });

  it('opens no admin route until the admin turns two-step sign-in on, and every one after', async () => {
    const token = await signIn(t.app, ADMIN);
    const queue = () => as(t.app, token).get('/api/Admin/Income/Balances');
    const refused = await queue();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errorCode: 'TwoFactorSetupRequired',
      message: 'Turn on two-step sign-in on the Security page before you open the review console.',
    });
    // the admin may still reach the Security page's calls
    const setup = await as(t.app, token).post('/api/Access/TwoFactor/Totp/Setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    await awayFromStepEdge();
    const enable = await as(t.app, token).post('/api/Access/TwoFactor/Totp/Enable', { code: codeAt(secret) });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await queue()).statusCode).toBe(200);
  });
});

describeEachDatabase('an admin without ADMIN_REQUIRE_2FA (outside production, by default)', (variant) => {
  const t = useTestApp(variant, adminEnv());

  it('opens the admin routes with a password alone', async () => {
    const token = await signIn(t.app, ADMIN);
    expect(t.config.adminRequireTwoFactor).toBe(false);
    expect((await as(t.app, token).get('/api/Admin/Income/Balances')).statusCode).toBe(200);
  });
});
