import { randomUUID } from 'node:crypto';
import type { LoginResponse, RegisterBody } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/access.ts';
import type { OutboxMail } from '../plugins/mailer/outbox-repository.ts';
import { connectUrls } from './payments.ts';
import { as, postForm } from './requests.ts';
import { useBeforeAll } from './suite.ts';
import type { TestApp } from './test-app.ts';

export type { OutboxMail };

export async function readOutbox(app: FastifyInstance): Promise<OutboxMail[]> {
  return (await as(app).get('/dev/outbox.json')).json();
}

/** The six-digit code of the newest mail to `email`. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const mail = (await readOutbox(app)).find((m) => m.to === email.toLowerCase());
  const code = mail?.subject.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export const uniqueEmail = (prefix = 'partner') => `${prefix}-${randomUUID().slice(0, 8)}@studio.example`;

export const PASSWORD = 'Secret123';

export function registration(email: string, code: string, overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    email,
    firstName: 'Mia',
    lastName: 'Chen',
    password: PASSWORD,
    verificationCode: code,
    registeredBusinessName: 'Northlight Studio',
    registeredAddress: '1 Queen’s Road Central, Hong Kong',
    introduce: 'We make AR puzzle games.',
    ...overrides,
  };
}

/** Registers a partner through the API, reading the code from the dev outbox. */
export async function registerPartner(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
  options: { remoteAddress?: string } = {},
): Promise<LoginResponse & { email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const sent = await as(app).get(`/api/Access/SendRegistrationCode?email=${encodeURIComponent(email)}`, options);
  if (sent.statusCode !== 200) throw new Error(`send code failed: ${sent.body}`);
  const code = await latestCode(app, email);
  const response = await as(app).post('/api/Access/Register', registration(email, code, overrides));
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  return { ...(response.json() as LoginResponse), email, password: overrides.password ?? PASSWORD };
}

/** A registered partner: the session of its registration, and how it signs in again. */
export type Partner = Awaited<ReturnType<typeof registerPartner>>;

/** An account's email and password, as the sign-in form sends them. */
export interface Credentials {
  email: string;
  password: string;
}

/** The admin of the test apps built with `adminEnv()`. */
export const ADMIN: Credentials = { email: 'reviewer@lumora.example', password: 'Review1234' };

/** The config that makes `admin` the portal's admin at start-up. */
export const adminEnv = (admin: Credentials = ADMIN) => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** The id of the account registered under `email`, read from its table. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** Signs in through the API; answers the new session's access token. */
export async function signIn(app: FastifyInstance, { email, password }: Credentials): Promise<string> {
  const response = await as(app).post('/api/Access/Login', { email, password });
  if (response.statusCode !== 200) throw new Error(`signing in ${email} failed: ${response.body}`);
  return (response.json() as LoginResponse).accessToken;
}

/**
 * Connects a sandbox payout account for a partner, through the consent page as a browser would; a restricted one
 * refuses transfers.
 */
export async function connectPayoutAccount(
  app: FastifyInstance,
  token: string,
  options: { restricted?: boolean } = {},
): Promise<void> {
  const urls = await connectUrls(app, token);
  const standard = new URL(urls.find((u) => u.accountType === 'Standard')?.url ?? '', 'http://portal');
  const consent = await postForm(app, '/sandbox/stripe/connect', {
    state: standard.searchParams.get('state') ?? '',
    account_type: 'Standard',
    decision: 'authorize',
    ...(options.restricted ? { restricted: 'on' } : {}),
  });
  const back = new URL(consent.headers.location as string, 'http://portal');
  const confirmed = await as(app, token).post('/api/Stripe/Connect/Confirm', {
    code: back.searchParams.get('code'),
    scope: 'read_write',
    state: back.searchParams.get('state'),
  });
  if (confirmed.statusCode !== 200) throw new Error(`connect failed: ${confirmed.body}`);
}

/** A partner with a connected payout account: ready to create projects. */
export async function registerConnectedPartner(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
  options: { remoteAddress?: string } = {},
) {
  const partner = await registerPartner(app, overrides, options);
  await connectPayoutAccount(app, partner.accessToken);
  return partner;
}

/** A session for a suite, signed in (the admin's, unless `credentials` say otherwise) before the suite's tests. */
export const useSignedIn = (t: TestApp, credentials: Credentials = ADMIN): { accessToken: string } =>
  useBeforeAll(async () => ({ accessToken: await signIn(t.app, credentials) }));
