import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  as,
  describeEachDatabase,
  registerConnectedPartner,
  registerPartner,
  type TestApp,
  useTestApp,
} from '../testing/index.ts';
import { documentedOperations, type Operation } from '../testing/openapi.ts';

/** Every operation a caller needs no session for. A route missing here and open to everyone fails the test. */
const PUBLIC_OPERATIONS = new Set([
  'POST /api/Access/Login',
  'POST /game/api/Access/Login',
  // a sign-in's second step: the challenge its password opened stands for the session it completes
  'POST /api/Access/Login/TwoFactor',
  'POST /game/api/Access/Login/TwoFactor',
  'POST /api/Access/Login/TwoFactor/Recovery',
  'POST /api/Access/Passkeys/Login/Options',
  'POST /api/Access/Passkeys/Login/Verify',
  'POST /api/Access/Passkeys/SecondStep/Options',
  'POST /api/Access/Login/TwoFactor/Recovery/Confirm',
  'GET /api/Access/SendRegistrationCode',
  'POST /api/Access/Register',
  'GET /api/Access/SendResetPasswordCode',
  'POST /api/Access/ResetPassword',
  'GET /api/Product/Recent',
  'GET /api/Product/Live/{itemId}',
  'GET /api/Model/Category/List',
  'GET /api/Faq',
  'GET /api/Md/Query',
  'GET /api/Md/{id}',
  'GET /sdk-docs/{file}',
  'GET /api/Setting',
  'GET /game/Static',
  'POST /api/ContactUs',
  'GET /api/Language/Localization/{culture}',
  'GET /files/{key}',
  // the AR app's read of live stages: on public display anyway
  'GET /game/api/Stage/Nearby',
  'GET /stripe/connect/express',
  'GET /sandbox/stripe/connect',
  'POST /sandbox/stripe/connect',
  // development only: the dev outbox is never served in production
  'GET /dev/outbox.json',
]);

async function operations(t: TestApp): Promise<Operation[]> {
  return (await documentedOperations(t.app)).operations;
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, randomUUID());

describeEachDatabase('authentication', (variant) => {
  const t = useTestApp(variant);

  it('answers 401 to an anonymous caller of every operation that declares a session, whatever the body', async () => {
    const guarded = (await operations(t)).filter((operation) => operation.security.length > 0);
    expect(guarded.length).toBeGreaterThan(30);
    for (const operation of guarded) {
      const response = await as(t.app).send(
        operation.method,
        concrete(operation.path),
        operation.method === 'GET' || operation.method === 'DELETE' ? undefined : '{"not json',
        { headers: { 'content-type': 'application/json' } },
      );
      expect(`${operation.method} ${operation.path} ${response.statusCode}`).toBe(
        `${operation.method} ${operation.path} 401`,
      );
      expect(response.json()).toEqual({ errorCode: 'Unauthorized', message: expect.any(String) });
    }
  });

  it('declares a session on every operation except the deliberate public ones', async () => {
    const open = (await operations(t))
      .filter((operation) => operation.security.length === 0)
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(open.filter((name) => !PUBLIC_OPERATIONS.has(name))).toEqual([]);
  });

  it('checks the session before the body is parsed or validated', async () => {
    const oversized = JSON.stringify({ name: 'x'.repeat(900_000) });
    const response = await as(t.app).post('/api/Product', oversized, {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('Unauthorized');

    const invalid = await as(t.app).put('/api/Access/Profile', { firstName: 42 });
    expect(invalid.json()).toEqual({ errorCode: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses the admin routes to a partner with 403 before reading the request', async () => {
    const partner = await registerPartner(t.app);
    const response = await as(t.app, partner.accessToken).put(
      `/api/Admin/Review/Reject/${randomUUID()}`,
      '{"not json',
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('Forbidden');
  });

  it("does not spend a partner's mail quota on anonymous calls", async () => {
    for (let i = 0; i < 12; i += 1) {
      const anonymous = await as(t.app).post('/api/Stripe/Connect/SendEmail', {
        email: 'someone@studio.example',
        accountType: 'Standard',
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const partner = await registerConnectedPartner(t.app);
    const sent = await as(t.app, partner.accessToken).post('/api/Stripe/Connect/SendEmail', {
      email: 'finance@studio.example',
      accountType: 'Standard',
    });
    expect(sent.statusCode).toBe(200);
  });
});
