import { accessMessages } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  as,
  describeEachDatabase,
  PASSWORD,
  readOutbox,
  registerPartner,
  signIn,
  useTestApp,
} from '../../testing/index.ts';

const NEW_PASSWORD = 'Fresh4567';

describeEachDatabase('changing the password while signed in', (variant) => {
  const t = useTestApp(variant, { RATE_LIMIT_LOGIN_PER_EMAIL: '3' });
  const change = (token: string | undefined, body: object) => as(t.app, token).put('/api/Access/Password', body);
  const profileStatus = async (token: string) => (await as(t.app, token).get('/api/Access/Profile')).statusCode;
  const loginStatus = async (email: string, password: string) =>
    (await as(t.app).post('/api/Access/Login', { email, password })).statusCode;

  it('sets the new password, keeps this session, ends every other one and mails the account', async () => {
    const partner = await registerPartner(t.app);
    const elsewhere = await signIn(t.app, partner);
    const response = await change(partner.accessToken, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(204);

    expect(await profileStatus(partner.accessToken)).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await loginStatus(partner.email, PASSWORD)).toBe(400);
    expect(await loginStatus(partner.email, NEW_PASSWORD)).toBe(200);
    const mails = (await readOutbox(t.app)).filter((mail) => mail.to === partner.email);
    expect(mails.map((mail) => mail.subject)).toContain('Your Lumora Partner Portal password was changed');
    expect(mails.find((mail) => mail.subject.includes('password was changed'))?.text).toContain('/forgot-password');
  });

  it('refuses a wrong current password, the same password again and a new one of the wrong form, and changes nothing', async () => {
    const partner = await registerPartner(t.app);
    const elsewhere = await signIn(t.app, partner);
    const refusals: Array<[object, number, Record<string, string>]> = [
      [{ currentPassword: 'Wrong1234', password: NEW_PASSWORD }, 400, { errorCode: 'CurrentPasswordIncorrect' }],
      [{ currentPassword: PASSWORD, password: PASSWORD }, 400, { errorCode: 'PasswordUnchanged' }],
      [
        { currentPassword: PASSWORD, password: 'short' },
        400,
        { message: `password: ${accessMessages.passwordFormat}` },
      ],
      [
        { currentPassword: '', password: NEW_PASSWORD },
        400,
        { message: `currentPassword: ${accessMessages.currentPasswordRequired}` },
      ],
      [{ password: NEW_PASSWORD }, 400, { message: `currentPassword: ${accessMessages.currentPasswordRequired}` }],
      [{ currentPassword: PASSWORD, password: NEW_PASSWORD, email: 'x@example.com' }, 400, {}],
    ];
    for (const [body, status, shape] of refusals) {
      const response = await change(partner.accessToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ errorCode: expect.any(String), message: expect.any(String), ...shape });
    }
    expect(await profileStatus(elsewhere)).toBe(200);
    expect(await loginStatus(partner.email, PASSWORD)).toBe(200);
    expect((await readOutbox(t.app)).some((m) => m.to === partner.email && m.subject.includes('changed'))).toBe(false);
  });

  it('answers 401 without a session and 403 to an API key, which may never change a password', async () => {
    const partner = await registerPartner(t.app);
    expect((await change(undefined, { currentPassword: PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(401);
    const key = await as(t.app, partner.accessToken).post('/api/ApiKey', {
      name: 'Everything',
      scopes: ['read', 'upload', 'items', 'versions'],
    });
    const secret = (key.json() as { secret: string }).secret;
    expect((await change(secret, { currentPassword: PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(403);
    expect(await loginStatus(partner.email, PASSWORD)).toBe(200);
  });

  it('counts wrong current passwords against the account: a stolen session cannot guess it', async () => {
    const partner = await registerPartner(t.app);
    const statuses: number[] = [];
    for (let guess = 0; guess < 4; guess++) {
      statuses.push(
        (await change(partner.accessToken, { currentPassword: `Guess${guess}abc`, password: NEW_PASSWORD })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // even the right one waits now
    expect((await change(partner.accessToken, { currentPassword: PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(
      429,
    );
  });
});
