import {
  type Invitation,
  MAX_OPEN_INVITATIONS,
  MAX_STUDIO_MEMBERS,
  type PendingInvitation,
  type Product,
  type Studio,
  type TeamMember,
} from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studioInvitations, studioMembers } from '../../db/schema/access.ts';
import {
  addMember,
  as,
  createGameInTesting,
  describeEachDatabase,
  glbBuild,
  inStudio,
  invitationToken,
  multipartBody,
  ownStudioOf,
  pngImage,
  productBody,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  uniqueEmail,
  useTestApp,
} from '../../testing/index.ts';
import { insertUser } from './repository.ts';

describeEachDatabase('studios: members, roles and invitations', (variant) => {
  // many people register from one address here
  const t = useTestApp(variant, { RATE_LIMIT_CODES_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' });

  const members = async (token: string, studioId?: string) => {
    const caller = studioId ? inStudio(t.app, token, studioId) : as(t.app, token);
    const response = await caller.get('/api/Team/Members');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: TeamMember[] }).data;
  };
  const studios = async (token: string) =>
    ((await as(t.app, token).get('/api/Team/Studios')).json() as { data: Studio[] }).data;
  const invite = (token: string, email: string, role: string) =>
    as(t.app, token).post('/api/Team/Invitations', { email, role });
  const accept = (token: string, invitationToken: string) =>
    as(t.app, token).post('/api/Team/Invitations/Accept', { token: invitationToken });

  it('makes every partner account a studio its holder owns, which requests act in by default', async () => {
    const partner = await registerPartner(t.app, { registeredBusinessName: 'Moth & Lantern Ltd' });
    const [own] = await studios(partner.accessToken);
    expect(own).toMatchObject({ name: 'Moth & Lantern Ltd', role: 'Owner', isDefault: true, mutedMail: [] });
    expect(await members(partner.accessToken)).toEqual([
      expect.objectContaining({ email: partner.email, role: 'Owner', userId: own?.id }),
    ]);
  });

  it('invites by email; the person accepts with the link and works in the studio as the role', async () => {
    const owner = await registerConnectedPartner(t.app);
    const studio = await ownStudioOf(t.app, owner);
    const person = await registerPartner(t.app);
    const invited = await invite(owner.accessToken, person.email.toUpperCase(), 'Developer');
    expect(invited.statusCode, invited.body).toBe(200);
    const invitation = invited.json() as Invitation;
    expect(invitation).toMatchObject({ email: person.email, role: 'Developer' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 60 * 60_000);

    const mail = (await readOutbox(t.app)).find((one) => one.to === person.email);
    expect(mail?.text).toContain(`/invitation?token=`);
    const listed = (await as(t.app, owner.accessToken).get('/api/Team/Invitations')).json() as { data: Invitation[] };
    expect(listed.data.map((one) => one.email)).toEqual([person.email]);

    const accepted = await accept(person.accessToken, await invitationToken(t.app, person.email));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().studio).toMatchObject({ id: studio.id, role: 'Developer', isDefault: false });
    expect((await studios(person.accessToken)).map((one) => [one.role, one.isDefault])).toEqual([
      ['Owner', true],
      ['Developer', false],
    ]);
    expect((await members(owner.accessToken)).map((one) => one.role)).toEqual(['Owner', 'Developer']);
    expect(((await as(t.app, owner.accessToken).get('/api/Team/Invitations')).json() as { data: [] }).data).toEqual([]);

    // in the studio: what the developer creates is the studio's, not their own account's
    const developer = inStudio(t.app, person.accessToken, studio.id);
    const body = await productBody(t.app, owner.accessToken, { name: 'Made by the team' });
    const created = await developer.post('/api/Product', body);
    expect(created.statusCode, created.body).toBe(200);
    const ownersList = (await as(t.app, owner.accessToken).get('/api/Product')).json() as { data: Product[] };
    expect(ownersList.data.map((item) => item.name)).toContain('Made by the team');
    const ownList = (await as(t.app, person.accessToken).get('/api/Product')).json() as { data: Product[] };
    expect(ownList.data).toEqual([]);
  });

  it('refuses bad invitations and role changes with a coded answer, changing nothing', async () => {
    const owner = await registerPartner(t.app);
    const developer = await addMember(t.app, owner, 'Developer');
    const outsider = await registerPartner(t.app);
    const before = await members(owner.accessToken);

    const cases: Array<[Promise<{ statusCode: number; json(): { errorCode: string } }>, number, string]> = [
      [invite(owner.accessToken, developer.email, 'Finance'), 409, 'AlreadyStudioMember'],
      [invite(owner.accessToken, owner.email, 'Admin'), 409, 'AlreadyStudioMember'],
      [invite(owner.accessToken, uniqueEmail(), 'Owner'), 400, 'ValidationFailed'],
      [invite(owner.accessToken, uniqueEmail(), 'Boss'), 400, 'ValidationFailed'],
      [invite(owner.accessToken, 'not an email', 'Admin'), 400, 'ValidationFailed'],
    ];
    const ownerId = (await ownStudioOf(t.app, owner)).id;
    cases.push(
      [as(t.app, owner.accessToken).put(`/api/Team/Members/${ownerId}`, { role: 'Admin' }), 409, 'OwnerRoleFixed'],
      [as(t.app, owner.accessToken).delete(`/api/Team/Members/${ownerId}`), 409, 'OwnerRoleFixed'],
      [as(t.app, owner.accessToken).put(`/api/Team/Members/${ownerId}`, { role: 'Owner' }), 400, 'ValidationFailed'],
      [
        as(t.app, owner.accessToken).put(`/api/Team/Members/${outsider.email}`, { role: 'Admin' }),
        404,
        'MemberNotFound',
      ],
      // a developer manages no one
      [developer.caller.post('/api/Team/Invitations', { email: uniqueEmail(), role: 'Admin' }), 403, 'RoleNotAllowed'],
      [developer.caller.delete(`/api/Team/Members/${ownerId}`), 403, 'RoleNotAllowed'],
      // a studio the caller is not in, named or guessed
      [inStudio(t.app, outsider.accessToken, ownerId).get('/api/Team/Members'), 403, 'NotStudioMember'],
      [inStudio(t.app, outsider.accessToken, 'not-a-studio').get('/api/Product'), 403, 'NotStudioMember'],
    );
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(status);
      expect(response.json().errorCode).toBe(code);
    }
    expect(await members(owner.accessToken)).toEqual(before);
  });

  it('accepts an invitation once, before it expires or is withdrawn, and only for the email it was sent to', async () => {
    const owner = await registerPartner(t.app);
    const [invited, other, late, withdrawn] = await Promise.all([1, 2, 3, 4].map(() => registerPartner(t.app)));
    if (!invited || !other || !late || !withdrawn) throw new Error('four partners');

    await invite(owner.accessToken, invited.email, 'Finance');
    const token = await invitationToken(t.app, invited.email);
    const byAnother = await accept(other.accessToken, token);
    expect(byAnother.statusCode).toBe(403);
    expect(byAnother.json().errorCode).toBe('InvitationForAnotherEmail');
    expect((await accept(invited.accessToken, token)).statusCode).toBe(200);
    const reused = await accept(invited.accessToken, token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errorCode).toBe('InvitationInvalid');

    await invite(owner.accessToken, late.email, 'Marketing');
    await t.database.db
      .update(studioInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studioInvitations.email, late.email));
    const expired = await accept(late.accessToken, await invitationToken(t.app, late.email));
    expect(expired.json().errorCode).toBe('InvitationInvalid');

    const sent = (await invite(owner.accessToken, withdrawn.email, 'Admin')).json() as Invitation;
    expect((await as(t.app, owner.accessToken).delete(`/api/Team/Invitations/${sent.id}`)).statusCode).toBe(204);
    expect((await as(t.app, owner.accessToken).delete(`/api/Team/Invitations/${sent.id}`)).statusCode).toBe(404);
    const afterWithdrawal = await accept(withdrawn.accessToken, await invitationToken(t.app, withdrawn.email));
    expect(afterWithdrawal.json().errorCode).toBe('InvitationInvalid');
    expect((await accept(withdrawn.accessToken, 'made-up-token')).json().errorCode).toBe('InvitationInvalid');

    expect((await members(owner.accessToken)).map((one) => one.email).sort()).toEqual(
      [owner.email, invited.email].sort(),
    );
  });

  it('shows a signed-in person the invitations to their email, which they join from the banner: they alone', async () => {
    const owner = await registerPartner(t.app, { registeredBusinessName: 'Banner Bay Studio' });
    const [invited, other] = await Promise.all([registerPartner(t.app), registerPartner(t.app)]);
    if (!invited || !other) throw new Error('two partners');
    const pending = async (token: string) => {
      const response = await as(t.app, token).get('/api/Team/Invitations/Mine');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: PendingInvitation[] }).data;
    };
    expect(await pending(invited.accessToken)).toEqual([]);
    await invite(owner.accessToken, invited.email.toUpperCase(), 'Developer');
    const [shown, ...more] = await pending(invited.accessToken);
    expect(more).toEqual([]);
    expect(shown).toMatchObject({ studioName: 'Banner Bay Studio', role: 'Developer', invitedBy: expect.any(String) });
    // nobody else sees it, and nobody else's token, nor a forged one, joins with it
    expect(await pending(other.accessToken)).toEqual([]);
    const token = shown?.token ?? '';
    const forged = token.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    for (const [who, attempt] of [
      [other, token],
      [invited, forged],
      [invited, `personal.${crypto.randomUUID()}.${'0'.repeat(64)}`],
    ] as const) {
      const refused = await accept(who.accessToken, attempt);
      expect(refused.json().errorCode).toBe('InvitationInvalid');
    }
    expect((await members(owner.accessToken)).map((one) => one.email)).toEqual([owner.email]);

    const joined = await accept(invited.accessToken, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await studios(invited.accessToken)).map((one) => [one.name, one.role])).toContainEqual([
      'Banner Bay Studio',
      'Developer',
    ]);
    expect(await pending(invited.accessToken)).toEqual([]);
    expect((await accept(invited.accessToken, token)).json().errorCode).toBe('InvitationInvalid');
    // the mail's own token was spent with it
    expect((await accept(invited.accessToken, await invitationToken(t.app, invited.email))).statusCode).toBe(400);
  });

  it('takes a removal or a demotion into account on the next request, and lets a member leave', async () => {
    const owner = await registerConnectedPartner(t.app);
    const developer = await addMember(t.app, owner, 'Developer');
    const marketer = await addMember(t.app, owner, 'Marketing');
    expect((await developer.caller.get('/api/Product')).statusCode).toBe(200);

    // demoted: the next change is refused, reads go on
    const demoted = await as(t.app, owner.accessToken).put(`/api/Team/Members/${developer.userId}`, {
      role: 'Marketing',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'Marketing' });
    const refused = await developer.caller.post('/api/Product', await productBody(t.app, owner.accessToken));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('RoleNotAllowed');
    expect((await developer.caller.get('/api/Product')).statusCode).toBe(200);

    // removed: nothing more in that studio, their own account untouched
    expect((await as(t.app, owner.accessToken).delete(`/api/Team/Members/${developer.userId}`)).statusCode).toBe(204);
    const gone = await developer.caller.get('/api/Product');
    expect(gone.statusCode).toBe(403);
    expect(gone.json().errorCode).toBe('NotStudioMember');
    expect((await as(t.app, developer.accessToken).get('/api/Product')).statusCode).toBe(200);

    // leaving: a member's own id, whatever their role
    expect((await marketer.caller.delete(`/api/Team/Members/${marketer.userId}`)).statusCode).toBe(204);
    expect((await marketer.caller.get('/api/Product')).json().errorCode).toBe('NotStudioMember');
    expect((await members(owner.accessToken)).map((one) => one.role)).toEqual(['Owner']);
  });

  it('moves ownership to an admin only, with the payout account staying with the studio', async () => {
    const owner = await registerConnectedPartner(t.app);
    const studioId = (await ownStudioOf(t.app, owner)).id;
    const admin = await addMember(t.app, owner, 'Admin');
    const developer = await addMember(t.app, owner, 'Developer');

    const toDeveloper = await as(t.app, owner.accessToken).put('/api/Team/Owner', { userId: developer.userId });
    expect(toDeveloper.statusCode).toBe(409);
    expect(toDeveloper.json().errorCode).toBe('OwnerMustBeAdmin');
    const byAdmin = await admin.caller.put('/api/Team/Owner', { userId: admin.userId });
    expect(byAdmin.json().errorCode).toBe('RoleNotAllowed');

    const moved = await as(t.app, owner.accessToken).put('/api/Team/Owner', { userId: admin.userId });
    expect(moved.statusCode, moved.body).toBe(204);
    const roles = Object.fromEntries((await members(owner.accessToken)).map((one) => [one.email, one.role]));
    expect(roles).toEqual({ [owner.email]: 'Admin', [admin.email]: 'Owner', [developer.email]: 'Developer' });

    // the new owner has the payout account; the old one no longer reaches it, nor ownership
    const account = await admin.caller.get('/api/Stripe/Connect/Dashboard');
    expect(account.statusCode, account.body).toBe(200);
    expect((await as(t.app, owner.accessToken).get('/api/Stripe/Connect/Dashboard')).json().errorCode).toBe(
      'RoleNotAllowed',
    );
    const back = await as(t.app, owner.accessToken).put('/api/Team/Owner', { userId: studioId });
    expect(back.json().errorCode).toBe('RoleNotAllowed');
    expect(studioId).toBe((await ownStudioOf(t.app, owner)).id);
  });

  it('lets Marketing edit a listing and its images, never its price or a build', async () => {
    const owner = await registerConnectedPartner(t.app);
    const marketer = await addMember(t.app, owner, 'Marketing');
    const body = await productBody(t.app, owner.accessToken);
    const product = (await as(t.app, owner.accessToken).post('/api/Product', body)).json() as Product;
    const listing = { ...body, name: 'Orbit Tag: Night Edition', tags: ['Party'] };
    const edited = await marketer.caller.put(`/api/Product/${product.id}`, listing);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Orbit Tag: Night Edition', tags: [{ name: 'Party' }] });

    const repriced = await marketer.caller.put(`/api/Product/${product.id}`, { ...listing, price: 0.99 });
    expect(repriced.statusCode).toBe(403);
    expect(repriced.json().errorCode).toBe('RoleNotAllowed');
    const after = (await as(t.app, owner.accessToken).get(`/api/Product/${product.id}`)).json() as Product;
    expect(after.price).toBe(product.price);

    const image = multipartBody([{ name: 'file', filename: 'cover.png', data: await pngImage(640, 480) }]);
    const imageUpload = await marketer.caller.post('/FileUpload/Single/Query', image.payload, {
      headers: image.headers,
    });
    expect(imageUpload.statusCode, imageUpload.body).toBe(200);
    const build = multipartBody([{ name: 'file', filename: 'build.glb', data: glbBuild(16 * 1024) }]);
    const buildUpload = await marketer.caller.post('/FileUpload/Single/Query', build.payload, {
      headers: build.headers,
    });
    expect(buildUpload.statusCode).toBe(403);
    expect(buildUpload.json().errorCode).toBe('RoleNotAllowed');
  });

  it("lets only roles that ship builds read the studio's builds and their reports, its founder too", async () => {
    const owner = await registerConnectedPartner(t.app);
    const studioId = (await ownStudioOf(t.app, owner)).id;
    const game = await createGameInTesting(t.app, owner.accessToken, 'Private Build');
    const admin = await addMember(t.app, owner, 'Admin');
    const reads = async (token: string) => {
      const caller = as(t.app, token);
      const report = await caller.get(`/FileUpload/Report?${new URLSearchParams({ url: game.androidAssetUrl })}`);
      const file = await caller.get(game.androidAssetUrl);
      return [report.statusCode, file.statusCode, report.json().errorCode];
    };
    const allowed = [200, 200, undefined];
    const refused = [404, 404, 'FileNotFound'];
    expect(await reads(owner.accessToken)).toEqual(allowed);
    expect(await reads(admin.accessToken)).toEqual(allowed);
    expect(await reads((await addMember(t.app, owner, 'Developer')).accessToken)).toEqual(allowed);
    expect(await reads((await addMember(t.app, owner, 'Finance')).accessToken)).toEqual(refused);
    expect(await reads((await addMember(t.app, owner, 'Marketing')).accessToken)).toEqual(refused);

    // the founder hands the studio over and is made Marketing: the builds are no longer theirs to read
    const moved = await as(t.app, owner.accessToken).put('/api/Team/Owner', { userId: admin.userId });
    expect(moved.statusCode, moved.body).toBe(204);
    const demoted = await admin.caller.put(`/api/Team/Members/${studioId}`, { role: 'Marketing' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await reads(owner.accessToken)).toEqual(refused);
    expect(await reads(admin.accessToken)).toEqual(allowed);
  });

  it("gives an API key its maker's role in the studio it was made in, and no other studio", async () => {
    const owner = await registerConnectedPartner(t.app);
    const developer = await addMember(t.app, owner, 'Developer');
    const made = await developer.caller.post('/api/ApiKey', { name: 'CI', scopes: ['read', 'items'] });
    expect(made.statusCode, made.body).toBe(200);
    const secret = (made.json() as { secret: string }).secret;
    expect((await as(t.app, owner.accessToken).get('/api/ApiKey')).json().data).toHaveLength(1);

    expect((await as(t.app, secret).get('/api/Product')).statusCode).toBe(200);
    const income = await as(t.app, secret).get('/api/User/Income/Summary');
    expect(income.json().errorCode).toBe('RoleNotAllowed');
    const elsewhere = await inStudio(t.app, secret, developer.userId).get('/api/Product');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().errorCode).toBe('ApiKeyOfAnotherStudio');

    await as(t.app, owner.accessToken).delete(`/api/Team/Members/${developer.userId}`);
    expect((await as(t.app, secret).get('/api/Product')).json().errorCode).toBe('NotStudioMember');
  });

  it('answers the profile with the payout standing of the studio the request names', async () => {
    const owner = await registerConnectedPartner(t.app);
    const developer = await addMember(t.app, owner, 'Developer');
    expect((await developer.caller.get('/api/Access/Profile')).json()).toMatchObject({
      email: developer.email,
      connectedToStripe: true,
    });
    expect((await as(t.app, developer.accessToken).get('/api/Access/Profile')).json()).toMatchObject({
      email: developer.email,
      connectedToStripe: false,
    });
    const outsider = await registerPartner(t.app);
    const refused = await inStudio(t.app, outsider.accessToken, developer.studioId).get('/api/Access/Profile');
    expect(refused.json().errorCode).toBe('NotStudioMember');
  });

  it('answers any X-Studio-Id that names no studio of the caller with 403 NotStudioMember, never a failure', async () => {
    const partner = await registerPartner(t.app);
    for (const value of [
      'x'.repeat(4000),
      "'; drop table studios; --",
      '00000000-0000-0000-0000-000000000000',
      '%00',
      '\u00e9\u00e8',
      `${partner.email}, ${partner.email}`,
    ]) {
      const response = await as(t.app, partner.accessToken).get('/api/Product', {
        headers: { 'X-Studio-Id': encodeURI(value) },
      });
      expect(response.statusCode, value.slice(0, 40)).toBe(403);
      expect(response.json().errorCode).toBe('NotStudioMember');
    }
    // an empty header is the default studio
    expect(
      (await as(t.app, partner.accessToken).get('/api/Product', { headers: { 'X-Studio-Id': '' } })).statusCode,
    ).toBe(200);
  });

  it('keeps the kinds of mail a member muted, per studio', async () => {
    const owner = await registerPartner(t.app);
    const finance = await addMember(t.app, owner, 'Finance');
    expect((await finance.caller.put('/api/Team/Mail', { muted: ['placement'] })).statusCode).toBe(204);
    const inTheStudio = (await studios(finance.accessToken)).find((one) => one.id === finance.studioId);
    expect(inTheStudio?.mutedMail).toEqual(['placement']);
    expect((await finance.caller.put('/api/Team/Mail', { muted: ['nothing'] })).statusCode).toBe(400);
  });

  it('mails review news to the owner, admins and developers, but not to Finance, Marketing or who muted it', async () => {
    const owner = await registerConnectedPartner(t.app);
    const [admin, developer, muted, finance, marketer] = [
      await addMember(t.app, owner, 'Admin'),
      await addMember(t.app, owner, 'Developer'),
      await addMember(t.app, owner, 'Developer'),
      await addMember(t.app, owner, 'Finance'),
      await addMember(t.app, owner, 'Marketing'),
    ];
    expect((await muted.caller.put('/api/Team/Mail', { muted: ['review'] })).statusCode).toBe(204);
    const { productId, versionId } = await createGameInTesting(t.app, owner.accessToken, 'Mail Routing');
    const submitted = await developer.caller.put(`/api/Product/Version/Submit/${productId}/${versionId}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const told = (await readOutbox(t.app))
      .filter((mail) => mail.subject.includes('Mail Routing'))
      .map((mail) => mail.to);
    expect(told.sort()).toEqual([owner.email, admin.email, developer.email].sort());
    expect(told).not.toContain(finance.email);
    expect(told).not.toContain(marketer.email);
    expect(told).not.toContain(muted.email);
  });

  describe('caps, counted atomically', () => {
    it(`keeps ${MAX_OPEN_INVITATIONS} open invitations a studio when more are sent at once`, async () => {
      const owner = await registerPartner(t.app);
      const answers = await Promise.all(
        Array.from({ length: MAX_OPEN_INVITATIONS + 5 }, () => invite(owner.accessToken, uniqueEmail(), 'Developer')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_INVITATIONS);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().errorCode)).toEqual(
        Array(5).fill('InvitationLimit'),
      );
      const studioId = (await ownStudioOf(t.app, owner)).id;
      const [row] = await t.database.db
        .select({ n: count() })
        .from(studioInvitations)
        .where(eq(studioInvitations.studioId, studioId));
      expect(row?.n).toBe(MAX_OPEN_INVITATIONS);
    }, 60_000);

    it(`refuses a ${MAX_STUDIO_MEMBERS + 1}th member`, async () => {
      const owner = await registerPartner(t.app);
      const studioId = (await ownStudioOf(t.app, owner)).id;
      const joiner = await registerPartner(t.app);
      await invite(owner.accessToken, joiner.email, 'Developer');
      // 48 more members besides the owner and the invited person's place: the studio is then one short of full
      for (let index = 0; index < MAX_STUDIO_MEMBERS - 1; index += 1) {
        const user = await insertUser(t.database.db, {
          email: uniqueEmail('filler'),
          passwordHash: 'not-a-hash',
          firstName: 'Filler',
          lastName: String(index),
          registeredAddress: 'Hong Kong',
        });
        await t.database.db.insert(studioMembers).values({ studioId, userId: user.id, role: 'Marketing' });
      }
      const full = await accept(joiner.accessToken, await invitationToken(t.app, joiner.email));
      expect(full.statusCode).toBe(409);
      expect(full.json().errorCode).toBe('StudioMemberLimit');
      const more = await invite(owner.accessToken, uniqueEmail(), 'Admin');
      expect(more.json().errorCode).toBe('StudioMemberLimit');
      const [row] = await t.database.db
        .select({ n: count() })
        .from(studioMembers)
        .where(eq(studioMembers.studioId, studioId));
      expect(row?.n).toBe(MAX_STUDIO_MEMBERS);
    }, 60_000);
  });
});
