import { type AuditPage, LUMORA_REVIEW_ACTOR, type Product, payoutZoneDate } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import {
  ADMIN,
  addMember,
  adminEnv,
  as,
  createProduct,
  describeEachDatabase,
  ownStudioOf,
  productBody,
  registerConnectedPartner,
  releaseFirstVersion,
  signIn,
  useTestApp,
} from '../../testing/index.ts';

describeEachDatabase('the audit log', (variant) => {
  const t = useTestApp(variant, { ...adminEnv(), RATE_LIMIT_CODES_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' });

  const audit = async (token: string, query = '') => {
    const response = await as(t.app, token).get(`/api/Team/Audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditPage;
  };
  const rowsOf = (studioId: string) =>
    t.database.db.select().from(auditEvents).where(eq(auditEvents.studioId, studioId)).orderBy(auditEvents.id);

  it('records who changed what, to which object, when and from where; reads are not changes', async () => {
    const owner = await registerConnectedPartner(t.app);
    const developer = await addMember(t.app, owner, 'Developer');
    const body = await productBody(t.app, owner.accessToken, { name: 'Audited Game' });
    const created = await developer.caller.post('/api/Product', body, { remoteAddress: '203.0.113.7' });
    const product = created.json() as Product;
    await developer.caller.get(`/api/Product/${product.id}`);
    await developer.caller.delete(`/api/Product/${product.id}`, undefined, { remoteAddress: '203.0.113.8' });

    const page = await audit(owner.accessToken);
    const byDeveloper = page.data.filter((event) => event.actorId === developer.userId);
    expect(byDeveloper.map((event) => [event.action, event.objectId, event.ip])).toEqual([
      ['deleteProduct', product.id, '203.0.113.8'],
      ['createProduct', product.id, '203.0.113.7'],
      ['acceptInvitation', null, expect.any(String)],
    ]);
    expect(byDeveloper[0]?.actorName).toBe(
      `${developer.profile.firstName} ${developer.profile.lastName} <${developer.email}>`,
    );
    expect(byDeveloper[0]?.summary).toBe('Delete an AR game');
    // the owner's own invitation, and the sign-ins of both (registering signs in)
    expect(page.data.filter((event) => event.actorId !== developer.userId).map((event) => event.action)).toEqual(
      expect.arrayContaining(['createInvitation', 'signIn']),
    );
    expect(page.totalCount).toBe(page.data.length);
  });

  it('filters by member, action and day, pages newest first, and exports the same rows as CSV', async () => {
    const owner = await registerConnectedPartner(t.app);
    const finance = await addMember(t.app, owner, 'Finance');
    await signIn(t.app, owner);
    const everything = await audit(owner.accessToken);
    const signIns = await audit(owner.accessToken, '?Action=signIn');
    expect(signIns.data.length).toBeGreaterThanOrEqual(2);
    expect(signIns.data.every((event) => event.action === 'signIn')).toBe(true);
    const theirs = await audit(owner.accessToken, `?Actor=${finance.userId}`);
    expect(theirs.data.map((event) => event.action)).toEqual(['acceptInvitation']);
    expect((await audit(owner.accessToken, '?Actor=nobody')).data).toEqual([]);

    // the filters count Hong Kong days, as income does: at 16:00 UTC today there is already tomorrow
    const today = payoutZoneDate(new Date());
    expect((await audit(owner.accessToken, '?From=2001-01-01&To=2001-12-31')).totalCount).toBe(0);
    const first = await audit(owner.accessToken, `?PageSize=2&PageIndex=1`);
    const second = await audit(owner.accessToken, `?PageSize=2&PageIndex=2`);
    expect([...first.data, ...second.data].map((event) => event.id)).toEqual(
      everything.data.slice(0, 4).map((event) => event.id),
    );
    expect(first.totalCount).toBe(everything.totalCount);
    const times = everything.data.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await as(t.app, owner.accessToken).get('/api/Team/Audit?From=2030-01-02&To=2030-01-01')).statusCode).toBe(
      400,
    );

    const csv = await as(t.app, owner.accessToken).get(`/api/Team/Audit/Export.csv?To=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Who,Action,What was done,Object,Address');
    // the header, every row before, and the export itself, recorded as it started
    expect(lines).toHaveLength(1 + everything.totalCount + 1);
    expect(lines[1]).toContain('downloadAuditCsv');
    const after = await audit(owner.accessToken, '?Action=downloadAuditCsv');
    expect(after.totalCount).toBe(1);
  });

  it('lists every action it records, with what it says, for the Action filter; reads are not among them', async () => {
    const owner = await registerConnectedPartner(t.app);
    const response = await as(t.app, owner.accessToken).get('/api/Team/Audit/Actions');
    expect(response.statusCode).toBe(200);
    const actions = response.json() as Array<{ action: string; summary: string }>;
    const summaryOf = new Map(actions.map((entry) => [entry.action, entry.summary]));
    expect(summaryOf.get('createProduct')).toMatch(/^Create an AR game/);
    expect(summaryOf.get('signIn')).toBe('Signed in');
    expect(summaryOf.get('acceptVersion')).toBeTruthy();
    expect(summaryOf.get('downloadAuditCsv')).toBeTruthy();
    for (const read of ['listAuditEvents', 'listAuditActions', 'getProduct']) expect(summaryOf.has(read)).toBe(false);
    // what the log holds is among them
    await createProduct(t.app, owner.accessToken);
    const recorded = (await audit(owner.accessToken)).data;
    expect(recorded.map((event) => event.action)).toContain('createProduct');
    for (const event of recorded) {
      // with what it says there (a sign-in says whether a second factor was asked)
      if (event.action !== 'signIn') expect(summaryOf.get(event.action)).toBe(event.summary);
      expect(summaryOf.has(event.action)).toBe(true);
    }
    const summaries = actions.map((entry) => entry.summary);
    expect(summaries).toEqual([...summaries].sort((a, b) => a.localeCompare(b)));
  });

  it('is read by the owner and admins only', async () => {
    const owner = await registerConnectedPartner(t.app);
    const admin = await addMember(t.app, owner, 'Admin');
    const finance = await addMember(t.app, owner, 'Finance');
    expect((await admin.caller.get('/api/Team/Audit')).statusCode).toBe(200);
    const refused = await finance.caller.get('/api/Team/Audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('RoleNotAllowed');
    expect((await finance.caller.get('/api/Team/Audit/Export.csv')).statusCode).toBe(403);
    expect((await finance.caller.get('/api/Team/Audit/Actions')).statusCode).toBe(403);
  });

  it('shows what the reviewers did as "Lumora review", without their name or address', async () => {
    const owner = await registerConnectedPartner(t.app);
    const adminToken = await signIn(t.app, ADMIN);
    const product = await createProduct(t.app, owner.accessToken);
    const versionId = await releaseFirstVersion(
      t.app,
      { partner: owner.accessToken, admin: adminToken },
      'Product',
      product.id,
    );
    const review = (await audit(owner.accessToken)).data.filter((event) => event.objectId === versionId);
    expect(review.map((event) => [event.actorName, event.action])).toEqual([
      [LUMORA_REVIEW_ACTOR, 'acceptVersion'],
      [LUMORA_REVIEW_ACTOR, 'startReview'],
      [expect.stringContaining(owner.email), 'submitProductVersion'],
      [expect.stringContaining(owner.email), 'updateProductVersion'],
      // a creation names the object its answer made
      [expect.stringContaining(owner.email), 'addProductVersion'],
    ]);
    const byReviewers = review.filter((event) => event.actorName === LUMORA_REVIEW_ACTOR);
    expect(byReviewers.every((event) => event.actorId === null && event.ip === '')).toBe(true);
  });

  it('keeps every row as written: no route changes or deletes one, and the table refuses it', async () => {
    const owner = await registerConnectedPartner(t.app);
    const studioId = (await ownStudioOf(t.app, owner)).id;
    await addMember(t.app, owner, 'Admin');
    const before = await rowsOf(studioId);
    expect(before.length).toBeGreaterThan(2);
    const eventId = String(before[0]?.id);

    // every operation of the API, its path naming an audit event, a body that names one too
    const document = (await as(t.app).get('/api/docs/json')).json() as { paths: Record<string, object> };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods).filter((one) => ['put', 'post', 'delete'].includes(one))) {
        const url = path.replace(/\{[^}]+\}/g, eventId);
        await as(t.app, owner.accessToken).send(method.toUpperCase() as 'PUT', url, { id: eventId, eventId });
      }
    }
    const after = await rowsOf(studioId);
    expect(after.slice(0, before.length)).toEqual(before);

    for (const statement of [
      sql`update audit_events set action = 'nothing' where studio_id = ${studioId}`,
      sql`delete from audit_events where studio_id = ${studioId}`,
      sql`truncate audit_events`,
    ]) {
      const refusal = await t.database.db.execute(statement).then(
        () => 'done',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
      expect(refusal).toContain('cannot be changed or deleted');
    }
    expect(await rowsOf(studioId)).toEqual(after);
  }, 120_000);

  it('records a sign-in in every studio it opens', async () => {
    const owner = await registerConnectedPartner(t.app);
    const member = await addMember(t.app, owner, 'Marketing');
    const ownStudio = (await ownStudioOf(t.app, member)).id;
    await signIn(t.app, member);
    const inTeam = await audit(owner.accessToken, `?Actor=${member.userId}&Action=signIn`);
    expect(inTeam.totalCount).toBe(1);
    const inOwn = await rowsOf(ownStudio);
    expect(inOwn.filter((row) => row.action === 'signIn')).toHaveLength(2);
  });
});
