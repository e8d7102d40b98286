import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  as,
  describeEachDatabase,
  latestCode,
  PASSWORD,
  postForm,
  registerPartner,
  registration,
  uniqueEmail,
  useTestApp,
} from '../testing/index.ts';
import { hashRecipient, loggerOptions, redactUrl, requestLoggerFactory, serializeError } from './logging.ts';

/** Every line the app logs, as written. */
function captureLogs() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

/** A secret as it would appear in a line; a six-digit code inside a longer number (a timestamp) is not one. */
const occurs = (line: string, secret: string) =>
  new RegExp(`(?<!\\d)${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`).test(line);

function expectNoSecrets(lines: string[], secrets: Record<string, string>) {
  expect(lines.length).toBeGreaterThan(0);
  const leaks = Object.entries(secrets).flatMap(([name, secret]) =>
    lines.filter((line) => occurs(line, secret)).map((line) => `${name} in ${line}`),
  );
  expect(leaks).toEqual([]);
}

describeEachDatabase('logs', (variant) => {
  const log = captureLogs();
  const parsed = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const t = useTestApp(variant, {}, { logStream: log.stream });
  beforeEach(() => {
    log.lines.length = 0;
  });

  it('never carry the codes, tokens or passwords of a registration, a login and a password reset', async () => {
    const email = uniqueEmail();
    await as(t.app).get(`/api/Access/SendRegistrationCode?email=${encodeURIComponent(email)}`);
    const registrationCode = await latestCode(t.app, email);
    const registered = await as(t.app).post('/api/Access/Register', registration(email, registrationCode));
    expect(registered.statusCode).toBe(200);
    const { accessToken } = registered.json() as { accessToken: string };
    const login = await as(t.app).post('/api/Access/Login', { email, password: PASSWORD });
    const loginToken = (login.json() as { accessToken: string }).accessToken;
    await as(t.app, loginToken).get('/api/Access/Profile');

    await as(t.app).get(`/api/Access/SendResetPasswordCode?email=${encodeURIComponent(email)}`);
    const resetCode = await latestCode(t.app, email);
    // the page the reset mail would open, and a reset that carries the code in its body
    await as(t.app).get(`/reset-password?email=${encodeURIComponent(email)}&code=${resetCode}`);
    const newPassword = 'Fresh7Password';
    const reset = await as(t.app).post('/api/Access/ResetPassword', {
      email,
      password: newPassword,
      verificationCode: resetCode,
    });
    expect(reset.statusCode).toBe(200);
    // a client that sends broken JSON: V8's parse error quotes the text around the failure
    const brokenJson = await as(t.app).post('/api/Access/Login', `{"email":"${email}","password":Broken9Password}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(brokenJson.statusCode).toBe(400);
    // a mangled reset link: the router's error quotes the whole URL
    const mangled = await as(t.app).get(`/reset-password/%zz?code=${resetCode}`);
    expect(mangled.statusCode).toBe(400);

    expectNoSecrets(log.lines, {
      registrationCode,
      resetCode,
      accessToken,
      loginToken,
      password: PASSWORD,
      newPassword,
      brokenJsonPassword: 'Broken9',
    });
    const mails = parsed().filter((line) => typeof line.mailId === 'string');
    expect(mails.map((line) => line.purpose)).toEqual(['registration-code', 'reset-code']);
    for (const mail of mails) {
      expect(mail.to).toBe(hashRecipient(email));
      expect(JSON.stringify(mail)).not.toContain(email);
    }
  });

  it('never carry the state or the code of a payout account connection', async () => {
    const partner = await registerPartner(t.app);
    const urls = (await as(t.app, partner.accessToken).get('/api/Stripe/Connect/Url')).json() as Array<{
      accountType: string;
      url: string;
    }>;
    const states = urls.map((u) => new URL(u.url, 'http://portal').searchParams.get('state') ?? '');
    const standard = urls.find((u) => u.accountType === 'Standard')?.url ?? '';
    expect((await as(t.app).get(standard)).statusCode).toBe(200);
    const consent = await postForm(t.app, '/sandbox/stripe/connect', {
      state: states[0] ?? '',
      account_type: 'Standard',
      decision: 'authorize',
    });
    const callback = new URL(consent.headers.location as string, 'http://portal');
    const code = callback.searchParams.get('code') ?? '';
    // the browser lands on the callback page with the code and state in its query
    await as(t.app).get(`${callback.pathname}${callback.search}`);
    const confirmed = await as(t.app, partner.accessToken).post('/api/Stripe/Connect/Confirm', {
      code,
      scope: 'read_write',
      state: callback.searchParams.get('state'),
    });
    expect(confirmed.statusCode).toBe(200);
    await as(t.app, partner.accessToken).post('/api/Stripe/Connect/SendEmail', {
      email: 'finance@studio.example',
      accountType: 'Express',
    });

    expect(code).not.toBe('');
    expectNoSecrets(log.lines, {
      standardState: states[0] ?? '',
      expressState: states[1] ?? '',
      code,
      accessToken: partner.accessToken,
    });
    const requestUrls = parsed().flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(requestUrls).toContain('/sandbox/stripe/connect?state=~&account_type=~&email=~');
    expect(parsed().find((line) => line.purpose === 'connect-link')).toBeDefined();
  });

  it('never carry the parameters of a failing statement', async () => {
    await t.database.db.execute(
      sql.raw(
        `alter table contact_enquiries add constraint refuses_marked check (position('refuse-me' in description) = 0)`,
      ),
    );
    const marker = `refuse-me-${Math.random().toString(36).slice(2)}`;
    const response = await as(t.app).post('/api/ContactUs', {
      name: 'Marked Sender',
      email: 'marked.sender@studio.example',
      phoneNumber: '+852 5555 0199',
      description: `${marker} please call`,
    });
    expect(response.statusCode).toBe(500);

    const outOfRange = '98765432101';
    const refused = await t.database.db.execute(sql`select ${outOfRange}::integer`).catch((err: unknown) => err);
    t.app.log.error({ err: refused }, 'statement failed');

    expectNoSecrets(log.lines, {
      marker,
      phoneNumber: '+852 5555 0199',
      email: 'marked.sender@studio.example',
      outOfRange,
    });
    const failures = parsed().filter((line) => line.msg === 'request failed' || line.msg === 'statement failed');
    expect(failures.map((line) => (line.err as { code?: string }).code)).toEqual(['23514', '22003']);
    for (const failure of failures) expect((failure.err as { message: string }).message).toContain('Failed query: ');
  });
});

describe('log redaction helpers', () => {
  it('keeps the names of query parameters and drops their values', () => {
    expect(redactUrl('/stripe-connected?code=ac_123&scope=read_write&state=abc')).toBe(
      '/stripe-connected?code=~&scope=~&state=~',
    );
    expect(redactUrl('/api/Faq')).toBe('/api/Faq');
  });

  it('logs a database error by its code, SQL and stack, without its parameters or row values', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "x"'), {
      code: '23514',
      detail: 'Failing row contains (hunter2).',
      table: 'users',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into "users" values ($1)\nparams: hunter2'), {
      params: ['hunter2'],
      query: 'insert into "users" values ($1)',
      cause,
    });
    const serialized = serializeError(wrapped) as Record<string, unknown>;
    expect(JSON.stringify(serialized)).not.toContain('hunter2');
    expect(serialized).toMatchObject({ code: '23514', table: 'users' });
    expect(serialized.message).toContain('Failed query: insert into "users" values ($1)');
  });
});

describe('the request logger', () => {
  const logs = () => {
    const { lines, stream } = captureLogs();
    const app = Fastify({ logger: loggerOptions('info', stream), childLoggerFactory: requestLoggerFactory });
    return { app, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  };

  it('makes its child only for a line it writes, which carries the bindings and is redacted as the parent is', () => {
    const { app, parsed } = logs();
    const made = vi.spyOn(app.log, 'child');
    const logger = requestLoggerFactory(app.log, { reqId: 'req-1' }, {});
    logger.debug('not written at info');
    logger.trace({ password: 'hunter2' }, 'nor this');
    expect(made).not.toHaveBeenCalled();
    logger.info({ password: 'hunter2' }, 'written');
    logger.warn('and this');
    expect(made).toHaveBeenCalledTimes(1);
    expect(parsed()).toEqual([
      expect.objectContaining({ reqId: 'req-1', password: '~', msg: 'written', level: 30 }),
      expect.objectContaining({ reqId: 'req-1', msg: 'and this', level: 40 }),
    ]);
  });

  it("keeps a route's own level, lower or higher than the server's", () => {
    const { app, parsed } = logs();
    const chatty = requestLoggerFactory(app.log, { reqId: 'req-2' }, { level: 'debug' });
    const quiet = requestLoggerFactory(app.log, { reqId: 'req-3' }, { level: 'error' });
    expect([chatty.level, quiet.level]).toEqual(['debug', 'error']);
    chatty.debug('debug from a debug route');
    quiet.warn('a warning from an error route');
    quiet.error('an error from an error route');
    expect(parsed().map((line) => [line.reqId, line.msg])).toEqual([
      ['req-2', 'debug from a debug route'],
      ['req-3', 'an error from an error route'],
    ]);
  });

  it('is the logger itself where the server writes no logs', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: requestLoggerFactory });
    app.get('/quiet', async (request) => {
      request.log.error('nowhere');
      return { ok: true };
    });
    const answer = await as(app).get('/quiet');
    expect(answer.json()).toEqual({ ok: true });
    expect(requestLoggerFactory(app.log, { reqId: 'req-4' }, {})).toBe(app.log);
    await app.close();
  });

  it('writes the lines of a request through Fastify with its request id', async () => {
    const { app, parsed } = logs();
    app.get('/logs', async (request) => {
      request.log.warn('from the handler');
      return { ok: true };
    });
    await as(app).get('/logs');
    const line = parsed().find((entry) => entry.msg === 'from the handler');
    expect(line?.reqId).toMatch(/^req-/);
    expect(parsed().some((entry) => entry.msg === 'request completed' && entry.reqId === line?.reqId)).toBe(true);
    await app.close();
  });
});
