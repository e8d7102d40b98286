import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../../db/schema/access.ts';
import { SECRET_KEY_FILE } from '../../lib/secret-key.ts';
import { hmacSha256, sha256 } from '../../lib/tokens.ts';
import {
  as,
  connectPayoutAccount,
  describeEachDatabase,
  latestCode,
  PASSWORD,
  readOutbox,
  registerPartner,
  registration,
  uniqueEmail,
  useTestApp,
} from '../../testing/index.ts';

/** Asks for a code mailed to `email`, from the client address given (or the default one). */
const sendCode = (
  app: FastifyInstance,
  email: string,
  kind: 'Registration' | 'ResetPassword' = 'Registration',
  remoteAddress?: string,
) => as(app).get(`/api/Access/Send${kind}Code?email=${encodeURIComponent(email)}`, { remoteAddress });
const login = (app: FastifyInstance, email: string, password: string, remoteAddress?: string) =>
  as(app).post('/api/Access/Login', { email, password }, { remoteAddress });

describeEachDatabase('access API', (variant) => {
  const t = useTestApp(variant);

  const register = (payload: object) => as(t.app).post('/api/Access/Register', payload);
  const profile = (token: string) => as(t.app, token).get('/api/Access/Profile');
  const updateProfile = (token: string, payload: object) => as(t.app, token).put('/api/Access/Profile', payload);
  const logout = (token: string) => as(t.app, token).post('/api/Access/Logout');
  const resetPassword = (email: string, password: string, verificationCode: string) =>
    as(t.app).post('/api/Access/ResetPassword', { email, password, verificationCode });
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;
  const ageLatestCode = async (email: string, seconds: number) => {
    await t.database.db
      .update(verificationCodes)
      .set({
        createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})`,
        expiresAt: sql`${verificationCodes.expiresAt} - make_interval(secs => ${seconds})`,
      })
      .where(eq(verificationCodes.email, email));
  };

  describe('registration', () => {
    it('keeps a code as a hash keyed by the server: a copy of the database alone cannot try the million codes', async () => {
      const email = uniqueEmail();
      expect((await sendCode(t.app, email)).statusCode).toBe(200);
      const code = await latestCode(t.app, email);
      const [row] = await t.database.db
        .select({ codeHash: verificationCodes.codeHash })
        .from(verificationCodes)
        .where(eq(verificationCodes.email, email));
      // the key was made into the data dir at start (no SECRET_KEY outside production)
      const key = (await readFile(path.join(t.app.config.dataDir, SECRET_KEY_FILE), 'utf8')).trim();
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(row?.codeHash).toBe(hmacSha256(key, `register:${email}:${code}`));
      expect(row?.codeHash).not.toBe(sha256(`register:${email}:${code}`));
      expect(JSON.stringify(row)).not.toContain(code);
      // and the code works
      expect((await register(registration(email, code))).statusCode).toBe(200);
    });

    it('mails a code and registers a partner who is then signed in', async () => {
      const email = uniqueEmail();
      const sent = await sendCode(t.app, email);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ resendAfterSeconds: 30 });
      const [mail] = await readOutbox(t.app);
      expect(mail?.to).toBe(email);
      const code = await latestCode(t.app, email);
      expect(mail?.text).toContain(code);
      expect(mail?.html).toContain(code);
      expect(mail?.html).toContain('<!doctype html>');

      const response = await register(registration(email, code));
      expect(response.statusCode).toBe(200);
      const body = response.json() as { accessToken: string; profile: Record<string, unknown> };
      expect(body.profile).toEqual({
        email,
        firstName: 'Mia',
        lastName: 'Chen',
        introduce: 'We make AR puzzle games.',
        registeredBusinessName: 'Northlight Studio',
        registeredAddress: '1 Queen’s Road Central, Hong Kong',
        connectedToStripe: false,
        isSubscribed: false,
        role: 'Partner',
      });
      expect((await profile(body.accessToken)).json()).toEqual(body.profile);
    });

    it('stores the password as an argon2id hash and the code and session token only hashed', async () => {
      const email = uniqueEmail();
      await sendCode(t.app, email);
      const code = await latestCode(t.app, email);
      const [stored] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
      expect(stored?.codeHash).not.toContain(code);
      const { accessToken } = (await register(registration(email, code))).json() as { accessToken: string };
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      const rows = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? ''));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).not.toBe(accessToken);
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      ['email', 'email: Please input the email'],
      ['firstName', 'firstName: Please input first name'],
      ['lastName', 'lastName: Please input last name'],
      ['password', 'password: Please input the password'],
      ['verificationCode', 'verificationCode: Please input verification code'],
      ['registeredAddress', 'registeredAddress: Please input registered address'],
    ])('refuses a registration without %s and creates nothing', async (field, message) => {
      const before = await userCount();
      const payload: Record<string, unknown> = { ...registration(uniqueEmail(), '123456') };
      delete payload[field];
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message });
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['too short', 'Abc123'],
      ['too long', 'Abcdefgh12345678x'],
      ['without an uppercase letter', 'abcdefg12'],
      ['without a lowercase letter', 'ABCDEFG12'],
      ['without a digit', 'Abcdefghij'],
    ])('refuses a password %s', async (_label, password) => {
      const response = await register(registration(uniqueEmail(), '123456', { password }));
      expect(response.json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'password: Password format incorrect',
      });
    });

    it('refuses a malformed email, an over-long field and unknown fields', async () => {
      expect((await register(registration('mia@studio', '123456'))).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'email: Incorrect email format',
      });
      expect((await register(registration(uniqueEmail(), '123456', { firstName: 'x'.repeat(51) }))).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'firstName: Must be at most 50 characters',
      });
      const unknown = await register({ ...registration(uniqueEmail(), '123456'), role: 'Admin' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ errorCode: 'UnknownField', message: 'Unknown field: role' });
      expect((await sendCode(t.app, 'not-an-email')).json()).toMatchObject({ errorCode: 'ValidationFailed' });
    });

    it('refuses a wrong code, and five wrong tries burn the code', async () => {
      const email = uniqueEmail();
      await sendCode(t.app, email);
      const code = await latestCode(t.app, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await register(registration(email, wrong));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ errorCode: 'VerificationCodeIncorrect' });
      }
      expect((await register(registration(email, wrong))).json()).toMatchObject({
        errorCode: 'VerificationCodeUsedUp',
      });
      expect((await register(registration(email, code))).json()).toMatchObject({ errorCode: 'VerificationCodeUsedUp' });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('refuses an expired code, a code never sent, and a code of another purpose', async () => {
      const email = uniqueEmail();
      expect((await register(registration(email, '123456'))).json()).toMatchObject({
        errorCode: 'VerificationCodeExpired',
      });
      await sendCode(t.app, email);
      const code = await latestCode(t.app, email);
      await ageLatestCode(email, 11 * 60);
      expect((await register(registration(email, code))).json()).toMatchObject({
        errorCode: 'VerificationCodeExpired',
      });

      const partner = await registerPartner(t.app);
      await sendCode(t.app, partner.email, 'ResetPassword');
      const resetCode = await latestCode(t.app, partner.email);
      const other = uniqueEmail();
      await sendCode(t.app, other);
      expect((await register(registration(other, resetCode))).statusCode).toBe(400);
    });

    it('refuses a second code within 30 seconds, and a new code replaces the old one', async () => {
      const email = uniqueEmail();
      expect((await sendCode(t.app, email)).statusCode).toBe(200);
      const first = await latestCode(t.app, email);
      const again = await sendCode(t.app, email);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ errorCode: 'CodeRequestTooSoon' });
      expect((again.json() as { message: string }).message).toMatch(/^Please wait \d+ seconds/);

      await ageLatestCode(email, 31);
      expect((await sendCode(t.app, email)).statusCode).toBe(200);
      const second = await latestCode(t.app, email);
      if (first !== second) {
        expect((await register(registration(email, first))).json()).toMatchObject({
          errorCode: 'VerificationCodeIncorrect',
        });
      }
      expect((await register(registration(email, second))).statusCode).toBe(200);
    });

    it('answers a code request for a registered email as for a new one, and mails the holder a notice instead', async () => {
      const partner = await registerPartner(t.app);
      await ageLatestCode(partner.email, 31);
      const fresh = uniqueEmail();
      const known = await sendCode(t.app, partner.email.toUpperCase(), 'Registration', '10.1.0.1');
      const unknown = await sendCode(t.app, fresh, 'Registration', '10.1.0.1');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      const [notice] = (await readOutbox(t.app)).filter((mail) => mail.to === partner.email);
      expect(notice?.subject).toBe('Someone tried to register with your email address');
      expect(notice?.text).toContain('sign in or reset your password');
      expect(`${notice?.subject} ${notice?.text}`).not.toMatch(/\b\d{6}\b/);

      const before = await userCount();
      const freshCode = await latestCode(t.app, fresh);
      const attempt = await register(registration(partner.email.toUpperCase(), wrongCodeFor('123456')));
      const control = await register(registration(fresh, wrongCodeFor(freshCode)));
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toEqual(control.json());
      expect(attempt.json()).toMatchObject({ errorCode: 'VerificationCodeIncorrect' });
      expect(await userCount()).toBe(before);
    });

    it('evaluates at most five guesses of a code when forty arrive at once', async () => {
      const email = uniqueEmail();
      await sendCode(t.app, email, 'Registration', '10.1.0.2');
      const code = await latestCode(t.app, email);
      const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((guess) => register(registration(email, guess))));
      const errorCodes = answers.map((answer) => (answer.json() as { errorCode: string }).errorCode);
      expect(errorCodes.filter((c) => c === 'VerificationCodeIncorrect')).toHaveLength(4);
      expect(errorCodes.filter((c) => c === 'VerificationCodeUsedUp')).toHaveLength(36);
      const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
      expect(rows.map((row) => row.attempts)).toEqual([5]);
      expect((await register(registration(email, code))).json()).toMatchObject({ errorCode: 'VerificationCodeUsedUp' });
    });
  });

  describe('login and sessions', () => {
    it('signs in with email (any case) and password', async () => {
      const partner = await registerPartner(t.app);
      const response = await login(t.app, partner.email.toUpperCase(), PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { accessToken: string; profile: { email: string } };
      expect(body.profile.email).toBe(partner.email);
      expect((await profile(body.accessToken)).statusCode).toBe(200);
    });

    it('answers the same error for an unknown email and a wrong password', async () => {
      const partner = await registerPartner(t.app);
      const wrongPassword = await login(t.app, partner.email, 'Wrong1234');
      const unknownEmail = await login(t.app, uniqueEmail(), PASSWORD);
      expect(wrongPassword.statusCode).toBe(400);
      expect(unknownEmail.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual(unknownEmail.json());
      expect(wrongPassword.json()).toEqual({
        errorCode: 'InvalidCredentials',
        message: 'The email or password is incorrect.',
      });
    });

    it('evaluates at most the per-address limit of wrong passwords when forty arrive at once', async () => {
      const partner = await registerPartner(t.app);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login(t.app, partner.email, 'Wrong1234', '10.1.3.1')),
      );
      const limit = t.config.rateLimits.loginPerEmail;
      expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(limit);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(40 - limit);
    });

    it('answers 401 without a token, with an unknown token, and after logout', async () => {
      expect((await as(t.app).get('/api/Access/Profile')).json()).toEqual({
        errorCode: 'Unauthorized',
        message: 'The user has expired, please login again.',
      });
      expect((await profile('not-a-token')).statusCode).toBe(401);
      const partner = await registerPartner(t.app);
      expect((await logout(partner.accessToken)).statusCode).toBe(204);
      expect((await profile(partner.accessToken)).statusCode).toBe(401);
    });

    it('answers 401 once a session has expired', async () => {
      const partner = await registerPartner(t.app);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(sql`${sessions.userId} = (select id from users where email = ${partner.email})`);
      expect((await profile(partner.accessToken)).statusCode).toBe(401);
    });

    it("never reads or changes another partner's profile", async () => {
      const a = await registerPartner(t.app, { firstName: 'Ada' });
      const b = await registerPartner(t.app, { firstName: 'Bo' });
      expect((await profile(b.accessToken)).json()).toMatchObject({ email: b.email, firstName: 'Bo' });
      await updateProfile(b.accessToken, { firstName: 'Bob', lastName: 'Li', registeredAddress: 'Kowloon' });
      expect((await profile(a.accessToken)).json()).toMatchObject({ email: a.email, firstName: 'Ada' });
    });

    it('answers partners signed in at the same moment each with their own profile and payout state', async () => {
      const partners = await Promise.all(
        ['Ana', 'Ben', 'Cai', 'Dee', 'Eli', 'Fay'].map((firstName, index) =>
          registerPartner(t.app, { firstName }, { remoteAddress: `10.9.0.${index + 1}` }),
        ),
      );
      const [connected] = partners;
      if (!connected) throw new Error('no partner');
      await connectPayoutAccount(t.app, connected.accessToken);
      const signedOut = await registerPartner(t.app, {}, { remoteAddress: '10.9.0.7' });
      await logout(signedOut.accessToken);
      // arriving together, their sessions, users and payout accounts are read in shared statements
      const answers = await Promise.all([
        ...partners.map((partner) => profile(partner.accessToken)),
        profile(signedOut.accessToken),
        profile(partners[1]?.accessToken ?? ''),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 401, 200]);
      expect(answers.slice(0, 6).map((answer) => answer.json())).toEqual(
        partners.map((partner, index) =>
          expect.objectContaining({
            email: partner.email,
            firstName: partner.profile.firstName,
            connectedToStripe: index === 0,
          }),
        ),
      );
      expect(answers[7]?.json()).toMatchObject({ email: partners[1]?.email, firstName: 'Ben' });
    });
  });

  describe('profile', () => {
    it('updates the editable fields and clears optional ones left blank', async () => {
      const partner = await registerPartner(t.app);
      const response = await updateProfile(partner.accessToken, {
        firstName: 'Mina',
        lastName: 'Chow',
        registeredAddress: '2 Nathan Road',
        introduce: '',
        registeredBusinessName: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: partner.email,
        firstName: 'Mina',
        lastName: 'Chow',
        registeredAddress: '2 Nathan Road',
        introduce: '',
        registeredBusinessName: '',
      });
    });

    it.each([
      [{ lastName: 'Chow', registeredAddress: 'x' }, 'ValidationFailed', 'firstName: Please input first name'],
      [
        { firstName: 'Mina', lastName: ' ', registeredAddress: 'x' },
        'ValidationFailed',
        'lastName: Please input last name',
      ],
      [
        { firstName: 'Mina', lastName: 'Chow' },
        'ValidationFailed',
        'registeredAddress: Please input registered address',
      ],
      [
        { firstName: 'Mina', lastName: 'Chow', registeredAddress: 'x', email: 'new@x.example' },
        'UnknownField',
        'Unknown field: email',
      ],
    ])('refuses %j and changes nothing', async (payload, errorCode, message) => {
      const partner = await registerPartner(t.app);
      const response = await updateProfile(partner.accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode, message });
      expect((await profile(partner.accessToken)).json()).toEqual(partner.profile);
    });
  });

  describe('password reset', () => {
    it('answers a reset code request for an unknown email as for a partner, mails nobody, and refuses its reset', async () => {
      const partner = await registerPartner(t.app);
      const stranger = uniqueEmail();
      const known = await sendCode(t.app, partner.email, 'ResetPassword', '10.1.2.1');
      const unknown = await sendCode(t.app, stranger, 'ResetPassword', '10.1.2.1');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect((await readOutbox(t.app)).filter((mail) => mail.to === stranger)).toEqual([]);

      const again = await sendCode(t.app, stranger, 'ResetPassword', '10.1.2.1');
      const againKnown = await sendCode(t.app, partner.email, 'ResetPassword', '10.1.2.1');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual(againKnown.json());

      const code = await latestCode(t.app, partner.email);
      const strangerReset = await resetPassword(stranger, 'Brand5New', wrongCodeFor('123456'));
      const partnerReset = await resetPassword(partner.email, 'Brand5New', wrongCodeFor(code));
      expect(strangerReset.statusCode).toBe(400);
      expect(strangerReset.json()).toEqual(partnerReset.json());
      const neverRequested = await resetPassword(uniqueEmail(), 'Brand5New', '123456');
      expect(neverRequested.json()).toMatchObject({ errorCode: 'VerificationCodeExpired' });
    });

    it('sets a new password with the mailed code and signs out every session', async () => {
      const partner = await registerPartner(t.app);
      const second = (await login(t.app, partner.email, PASSWORD)).json() as { accessToken: string };
      // both sessions are looked up once, so a cached lookup must not outlive the reset
      expect((await profile(partner.accessToken)).statusCode).toBe(200);
      expect((await profile(second.accessToken)).statusCode).toBe(200);
      expect((await sendCode(t.app, partner.email, 'ResetPassword')).statusCode).toBe(200);
      const code = await latestCode(t.app, partner.email);
      const reset = await resetPassword(partner.email, 'Brand5New', code);
      expect(reset.statusCode).toBe(200);
      expect((await profile(partner.accessToken)).statusCode).toBe(401);
      expect((await profile(second.accessToken)).statusCode).toBe(401);
      expect((await login(t.app, partner.email, PASSWORD)).statusCode).toBe(400);
      expect((await login(t.app, partner.email, 'Brand5New')).statusCode).toBe(200);

      const reused = await resetPassword(partner.email, 'Other5New', code);
      expect(reused.json()).toMatchObject({ errorCode: 'VerificationCodeExpired' });
    });

    it('keeps the password when the code is wrong or the new password breaks the rule', async () => {
      const partner = await registerPartner(t.app);
      await sendCode(t.app, partner.email, 'ResetPassword');
      const code = await latestCode(t.app, partner.email);
      const wrong = await resetPassword(partner.email, 'Brand5New', code === '999999' ? '000000' : '999999');
      expect(wrong.json()).toMatchObject({ errorCode: 'VerificationCodeIncorrect' });
      const weak = await resetPassword(partner.email, 'weak', code);
      expect(weak.json()).toEqual({ errorCode: 'ValidationFailed', message: 'password: Password format incorrect' });
      expect((await login(t.app, partner.email, PASSWORD)).statusCode).toBe(200);
      expect((await profile(partner.accessToken)).statusCode).toBe(200);
    });
  });
});

describe('access rate limits', () => {
  const t = useTestApp('pglite', {
    RATE_LIMIT_LOGIN_PER_EMAIL: '3',
    RATE_LIMIT_LOGIN_PER_IP: '5',
    RATE_LIMIT_CODES_PER_EMAIL: '2',
    RATE_LIMIT_CODES_PER_IP: '3',
    RATE_LIMIT_LOGIN_PER_EMAIL_CEILING: '5',
  });

  let partners = 0;
  // each from an address of its own, so that registering does not use up the code limits under test
  const newPartner = () => {
    partners += 1;
    return registerPartner(t.app, {}, { remoteAddress: `10.0.99.${partners}` });
  };
  const expectRetryAfter = (response: { headers: Record<string, unknown>; json(): unknown }) => {
    const { message } = response.json() as { message: string };
    const seconds = Number(message.match(/(\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(response.headers['retry-after']).toBe(String(seconds));
  };

  it('refuses logins for an email from one address after repeated failures there, even with the right password', async () => {
    const partner = await newPartner();
    for (let i = 0; i < 3; i += 1)
      expect((await login(t.app, partner.email, 'Wrong1234', '10.0.0.1')).statusCode).toBe(400);
    const limited = await login(t.app, partner.email, PASSWORD, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: 'RateLimited' });
    expectRetryAfter(limited);
  });

  it('lets a partner sign in from their own address while failures lock out another', async () => {
    const partner = await newPartner();
    for (let i = 0; i < 3; i += 1)
      expect((await login(t.app, partner.email, 'Wrong1234', '10.0.5.1')).statusCode).toBe(400);
    expect((await login(t.app, partner.email, PASSWORD, '10.0.5.1')).statusCode).toBe(429);
    expect((await login(t.app, partner.email, PASSWORD, '10.0.5.2')).statusCode).toBe(200);
  });

  it('refuses an email from every address once its failures reach the looser ceiling', async () => {
    const partner = await newPartner();
    for (const address of ['10.0.6.1', '10.0.6.1', '10.0.6.1', '10.0.6.2', '10.0.6.2']) {
      expect((await login(t.app, partner.email, 'Wrong1234', address)).statusCode).toBe(400);
    }
    const limited = await login(t.app, partner.email, PASSWORD, '10.0.6.3');
    expect(limited.statusCode).toBe(429);
    expectRetryAfter(limited);
  });

  it('refuses logins from one client address after its limit', async () => {
    const partner = await newPartner();
    const attempt = () => login(t.app, partner.email, PASSWORD, '10.0.0.2');
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
    const elsewhere = await login(t.app, partner.email, PASSWORD, '10.0.0.3');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses codes per email per hour and per client address', async () => {
    const email = uniqueEmail();
    const send = (address: string, remoteAddress: string) => sendCode(t.app, address, 'Registration', remoteAddress);
    expect((await send(email, '10.0.1.1')).statusCode).toBe(200);
    await t.database.db.execute(sql`update verification_codes set created_at = created_at - interval '1 minute'`);
    expect((await send(email, '10.0.1.1')).statusCode).toBe(200);
    await t.database.db.execute(sql`update verification_codes set created_at = created_at - interval '1 minute'`);
    const perEmail = await send(email, '10.0.1.1');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toMatchObject({ errorCode: 'RateLimited' });
    expectRetryAfter(perEmail);

    for (let i = 0; i < 3; i += 1) expect((await send(uniqueEmail(), '10.0.2.1')).statusCode).toBe(200);
    expect((await send(uniqueEmail(), '10.0.2.1')).statusCode).toBe(429);
  });

  it('refuses an address over its code limit before looking the account up', async () => {
    const partner = await newPartner();
    for (let i = 0; i < 3; i += 1)
      expect((await sendCode(t.app, uniqueEmail(), 'Registration', '10.0.7.1')).statusCode).toBe(200);
    for (const refused of [
      await sendCode(t.app, partner.email, 'Registration', '10.0.7.1'),
      await sendCode(t.app, uniqueEmail(), 'ResetPassword', '10.0.7.1'),
      await sendCode(t.app, partner.email, 'ResetPassword', '10.0.7.1'),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ errorCode: 'RateLimited' });
      expectRetryAfter(refused);
    }
  });

  it('tells how long to wait before another code, in the message and in Retry-After', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t.app, email, 'Registration', '10.0.8.1')).statusCode).toBe(200);
    const tooSoon = await sendCode(t.app, email, 'Registration', '10.0.8.1');
    expect(tooSoon.json()).toMatchObject({ errorCode: 'CodeRequestTooSoon' });
    expectRetryAfter(tooSoon);
  });
});

describeEachDatabase('access under parallel requests', (variant) => {
  // high enough that only the 30-second window can stop forty requests for one address
  const t = useTestApp(variant, { RATE_LIMIT_CODES_PER_EMAIL: '100', RATE_LIMIT_CODES_PER_IP: '100' });

  it('mails one code when forty requests for one address arrive at once', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(t.app, email)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(39);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ errorCode: 'CodeRequestTooSoon' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await readOutbox(t.app)).filter((mail) => mail.to === email)).toHaveLength(1);
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email))).toHaveLength(
      1,
    );
  });
});
