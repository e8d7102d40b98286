import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type AssignableStudioRole,
  AUDIT_PATH,
  CONNECT_PAYOUT_ACCOUNT_PATH,
  GAME_SUBMISSION_PATH,
  INCOME_PATH,
  MANAGE_TESTER_PATH,
  PURCHASE_HISTORY_PATH,
  type StudioRole,
  TEST_STAGING_PATH,
  teamMessages,
} from '@portal/contracts';
import {
  authHeaders,
  type CatalogItem,
  createGame,
  expect,
  gameDetailUrl,
  gameVersionUrl,
  invitationToken,
  type Partner,
  registerConnectedPartner,
  registerPartner,
  releaseFirstVersion,
  reportSale,
  seedGameInTesting,
  shootTeamPage,
  signIn,
  test,
} from '../../fixtures/test.ts';

/**
 * A studio (its owner's) with a game whose version 1 is in testing, with its builds, and a released game with a sale
 * (so that My Projects has income to show).
 */
async function studioWithGames(request: APIRequestContext) {
  const owner = await registerConnectedPartner(request, { firstName: 'Oona' });
  const { game, versionId } = await seedGameInTesting(request, owner);
  const released = await createGame(request, owner, { name: `Lantern ${randomUUID().slice(0, 6)}` });
  await releaseFirstVersion(request, owner, released);
  await reportSale(request, released, { totalPrice: 499 });
  return { owner, game, versionId, released };
}

/** A new person who joins the owner's studio as `role`, through the invitation's mail and the API. */
async function addMember(request: APIRequestContext, owner: Partner, role: AssignableStudioRole): Promise<Partner> {
  const member = await registerPartner(request, { firstName: role });
  const invited = await request.post('/api/Team/Invitations', {
    headers: authHeaders(owner),
    data: { email: member.email, role },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const accepted = await request.post('/api/Team/Invitations/Accept', {
    headers: authHeaders(member),
    data: { token: await invitationToken(request, member.email) },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return member;
}

const studioIdOf = async (request: APIRequestContext, person: Partner) =>
  (
    (await (await request.get('/api/Team/Studios', { headers: authHeaders(person) })).json()) as {
      data: Array<{ id: string; isDefault: boolean }>;
    }
  ).data.find((studio) => studio.isDefault)?.id ?? '';

/** Signs `person` in, the tab acting in the studio `studioId` (as the switcher leaves it). */
async function signInTo(page: Page, person: Partner, studioId: string) {
  await signIn(page, person);
  await page.addInitScript((id) => {
    if (!window.sessionStorage.getItem('e2e-studio')) {
      window.sessionStorage.setItem('portal_studio_id', id);
      window.sessionStorage.setItem('e2e-studio', '1');
    }
  }, studioId);
}

/** The account menu's links, exactly and in order. */
async function expectMenuLinks(page: Page, links: string[]) {
  const trigger = page.getByRole('button', { name: 'My Account' });
  await trigger.click();
  const menu = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
  await expect(menu.getByRole('link')).toHaveText(links);
  await trigger.click();
}

const expectNotAllowed = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
  await expect(page.getByText(teamMessages.notAllowedPage)).toBeVisible();
};

const EVERY_LINK = [
  'My Projects',
  'Testing builds',
  'Analytics',
  'My Project Income',
  'My Purchase History',
  'Team',
  'Audit log',
  'Edit Profile',
  'Security',
  'API keys',
];
const without = (gone: string[]) => EVERY_LINK.filter((link) => !gone.includes(link));

interface RoleCase {
  menu: string[];
  /** Changes items and versions: creates, deletes, submits, takes down, uploads builds, manages testers. */
  isMaker: boolean;
  readsIncome: boolean;
  /** What /vps offers: buying months of placement and placing stages; none: the page is refused. */
  vps?: { buys: boolean; places: boolean };
  /** Pages the role opens by URL only to read why not. */
  notAllowed: string[];
}

const roleCases: Record<Exclude<StudioRole, 'Finance'>, RoleCase> = {
  Owner: { menu: EVERY_LINK, isMaker: true, readsIncome: true, vps: { buys: true, places: true }, notAllowed: [] },
  Admin: {
    menu: EVERY_LINK,
    isMaker: true,
    readsIncome: true,
    vps: { buys: true, places: true },
    notAllowed: [CONNECT_PAYOUT_ACCOUNT_PATH],
  },
  Developer: {
    menu: without(['My Project Income', 'My Purchase History', 'Audit log']),
    isMaker: true,
    readsIncome: false,
    vps: { buys: false, places: true },
    notAllowed: [INCOME_PATH, PURCHASE_HISTORY_PATH, AUDIT_PATH],
  },
  Marketing: {
    menu: without(['My Project Income', 'My Purchase History', 'Audit log', 'API keys']),
    isMaker: false,
    readsIncome: false,
    notAllowed: [
      '/vps',
      '/vps-placement',
      INCOME_PATH,
      '/api-keys',
      MANAGE_TESTER_PATH,
      TEST_STAGING_PATH,
      '/start-submission',
      // a new game: creating items is not the listing's
      GAME_SUBMISSION_PATH,
    ],
  },
};

/** The element visible, or not there at all, as `isShown` says. */
const expectShown = async (locator: Locator, isShown: boolean) =>
  isShown ? await expect(locator).toBeVisible() : await expect(locator).toHaveCount(0);

for (const [role, { menu, isMaker, readsIncome, vps, notAllowed }] of Object.entries(roleCases)) {
  test(`${role}: the menu, My Projects, Detail and Version show what the role may do, and its refused pages say why`, async ({
    page,
    request,
  }) => {
    const { owner, game, versionId, released } = await studioWithGames(request);
    if (role === 'Owner') {
      await signIn(page, owner);
    } else {
      const member = await addMember(request, owner, role as AssignableStudioRole);
      await signInTo(page, member, await studioIdOf(request, owner));
    }

    await page.goto('/developers/my-project');
    await expect(page.getByRole('list', { name: 'Projects by status' })).toBeVisible();
    await expectShown(page.getByRole('heading', { name: 'Needs your attention' }), isMaker);
    await expectShown(page.getByRole('link', { name: 'Create New Project' }), isMaker);
    await expectShown(page.getByRole('link', { name: 'Manage Tester' }), isMaker);
    await expectShown(page.getByText("This month's income"), readsIncome);
    await expectMenuLinks(page, menu);
    await shootTeamPage(page, `my-projects-${role.toLowerCase()}`);

    // the game in testing: testing, editing, deleting, versions
    await page.goto(gameDetailUrl(game));
    await expect(page.getByText(/Version 1 · testing/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Project Info' })).toBeVisible();
    for (const name of ['Test Staging File', 'Edit Version', 'Manage Tester']) {
      await expectShown(page.getByRole('link', { name }), isMaker);
    }
    for (const name of ['Delete Project', 'Add Version', 'Submit for Approval']) {
      await expectShown(page.getByRole('button', { name }), isMaker);
    }
    await expectShown(page.getByText('Your role in this studio reads versions'), !isMaker);
    await shootTeamPage(page, `detail-${role.toLowerCase()}`);

    // the released game: taking it down
    await page.goto(gameDetailUrl({ id: released.id, name: released.name } satisfies CatalogItem));
    await expect(page.getByRole('link', { name: 'View Version 1' })).toBeVisible();
    await expectShown(page.getByRole('button', { name: 'Take Down' }), isMaker);

    // the version in testing: its form and builds, and the conversation with the reviewers
    await page.goto(gameVersionUrl(game.id, versionId));
    await expect(page.getByRole('heading', { name: 'Version 1' })).toBeVisible();
    await expectShown(page.getByRole('button', { name: 'Save Version' }), isMaker);
    await expectShown(page.getByLabel('iOS file'), isMaker);
    await expectShown(page.getByLabel('Your message'), isMaker);
    await expectShown(page.getByText('Your role in this studio reads the conversation'), !isMaker);
    await shootTeamPage(page, `version-${role.toLowerCase()}`);

    if (vps) {
      await page.goto('/vps');
      await expect(page.getByRole('heading', { name: 'AR placement' })).toBeVisible();
      await expectShown(page.getByRole('button', { name: 'Buy one month' }), vps.buys);
      await expectShown(page.getByText('The Owner, Admins and Finance buy months of placement'), !vps.buys);
      await expectShown(page.getByRole('heading', { name: 'Stages', exact: true }), vps.places);
      await shootTeamPage(page, `vps-${role.toLowerCase()}`);
    }
    for (const path of notAllowed) await expectNotAllowed(page, path);
  });
}

test('Marketing edits the listing, not its price, and reads the version without its build reports', async ({
  page,
  request,
}) => {
  const owner = await registerConnectedPartner(request, { firstName: 'Oona' });
  const { game, versionId } = await seedGameInTesting(request, owner);
  const member = await addMember(request, owner, 'Marketing');
  await signInTo(page, member, await studioIdOf(request, owner));

  await page.goto(gameVersionUrl(game.id, versionId));
  await expect(
    page.getByText('Your role in this studio reads versions: the Owner, Admins and Developers change'),
  ).toBeVisible();
  // which platforms have a build, without the validation report (the role does not handle builds)
  await expect(page.getByRole('listitem').filter({ hasText: 'iOS' })).toHaveText('iOS uploaded');
  await expect(page.getByRole('listitem').filter({ hasText: 'Android' })).toHaveText('Android uploaded');

  await page.goto(gameDetailUrl(game));
  await page.getByRole('link', { name: 'Edit Project Info' }).click();
  const price = page.getByLabel('Price on the app stores (USD)');
  await expect(price).toHaveAttribute('readonly', '');
  await expect(page.getByText('Set by the Owner, Admins and Developers')).toBeVisible();
  await shootTeamPage(page, 'submission-marketing');
  await page.getByLabel('Description (gameplay)').fill('Tag your friends with glowing orbs: now with night mode.');
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByText('now with night mode')).toBeVisible();
  await expect(page.getByText('4.99 USD')).toBeVisible();
});
