import type { Page } from '@playwright/test';
import { horizontalOverflow } from '../../fixtures/layout.ts';
import {
  authHeaders,
  disconnectPayoutAccount,
  expect,
  gameDetailUrl,
  gameVersionUrl,
  registerConnectedPartner,
  seedGameInTesting,
  seedSubmittedGame,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
  writeAsReviewer,
} from '../../fixtures/test.ts';

/** Every uncaught error of the page, to assert that there was none. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a version in review stays reachable from Detail: its page shows it read-only, with the conversation and what is unread', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedSubmittedGame(request, partner);
  await writeAsReviewer(request, versionId, 'Which devices did you test the four-player mode on?');
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));

  const release = page.getByRole('region', { name: 'Release version' });
  await expect(release.getByRole('button', { name: 'Conversation about version 1 (1 unread)' })).toBeVisible();
  await expect(release.getByRole('link', { name: 'View Version 1' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Version history' });
  await history.getByRole('link', { name: 'Version 1' }).click();

  await expect(page).toHaveURL(/\/developers\/my-project\/version\?/);
  const details = page.getByRole('article', { name: 'Version 1' });
  await expect(details.getByRole('note')).toContainText('In review: editing would interrupt the review.');
  await expect(details).toContainText('First release: up to eight players.');
  await expect(details).toContainText('orbit-ios.ab');
  await expect(details.getByRole('region', { name: 'Android build report' })).toContainText('2,400 triangles');
  await expect(page.getByRole('textbox')).toHaveCount(1); // only the message box: no field of the version
  const thread = page.getByRole('region', { name: 'Conversation with the review team' });
  await expect(thread.getByRole('listitem')).toHaveText([/Which devices did you test the four-player mode on\?$/]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: `← ${game.name}` }).click();
  await expect(release.getByRole('button', { name: 'Conversation about version 1', exact: true })).toBeVisible();
});

test('Detail opens the conversation of any version, also for a partner whose payout account is disconnected', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedSubmittedGame(request, partner, 'released');
  await writeAsReviewer(request, versionId, 'Players report a crash in the lobby: which build fixes it?');
  await disconnectPayoutAccount(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));

  const history = page.getByRole('table', { name: 'Version history' });
  await history.getByRole('button', { name: 'Conversation about version 1 (1 unread)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Version 1' });
  const thread = dialog.getByRole('region', { name: 'Conversation with the review team' });
  await expect(thread.getByRole('listitem')).toHaveText([/Players report a crash in the lobby/]);
  await thread.getByLabel('Your message').fill('Version 2 fixes it; we are submitting it today.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(history.getByRole('button', { name: 'Conversation about version 1', exact: true })).toBeVisible();

  // the Version page itself is a submission route (SPEC §2): it sends a disconnected partner to connect first
  await page.getByRole('region', { name: 'Release version' }).getByRole('link', { name: 'View Version 1' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
});

test('Submit for Approval says why it is disabled until both builds are uploaded', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner, { withBuilds: false });
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  const testing = page.getByRole('region', { name: 'Version 1 · testing' });
  const submit = testing.getByRole('button', { name: 'Submit for Approval' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription('Upload the iOS and Android builds before submitting.');
  await expect(testing.getByRole('link', { name: 'Edit Version' })).toBeVisible();
});

test('a refused version action shows its message once and throws nothing', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const testingGame = await seedGameInTesting(request, partner);
  const releasedGame = await seedSubmittedGame(request, partner, 'released');
  const errors = collectPageErrors(page);
  await signIn(page, partner);

  // submitted elsewhere (another tab) after the page was loaded
  await page.goto(gameDetailUrl(testingGame.game));
  const submit = page.getByRole('button', { name: 'Submit for Approval' });
  await expect(submit).toBeEnabled();
  const submitted = await request.put(`/api/Product/Version/Submit/${testingGame.game.id}/${testingGame.versionId}`, {
    headers: authHeaders(partner),
  });
  expect(submitted.ok()).toBe(true);
  await submit.click();
  const notSubmittable = page
    .getByRole('alert')
    .filter({ hasText: 'Only a version prepared for submission can be submitted.' });
  await expect(notSubmittable).toHaveCount(1);

  // taken down by an admin after the page was loaded
  await page.goto(gameDetailUrl(releasedGame.game));
  const takeDown = page.getByRole('region', { name: 'Release version' }).getByRole('button', { name: 'Take Down' });
  await expect(takeDown).toBeEnabled();
  const admin = authHeaders(await signInAdmin(request));
  const down = await request.put(`/api/Admin/TakeDown/${releasedGame.versionId}`, {
    headers: admin,
    data: { reason: 'Reported for copyrighted music.' },
  });
  expect(down.ok()).toBe(true);
  await takeDown.click();
  await page
    .getByRole('dialog', { name: 'Take down this version?' })
    .getByRole('button', { name: 'Take Down' })
    .click();
  const notLive = page.getByRole('alert').filter({ hasText: 'Only a released, active version can be taken down.' });
  await expect(notLive).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Take down this version?' })).toBeHidden();
  expect(errors).toEqual([]);
});

test('Add Version sends a partner without a connected payout account to connect it first', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'released');
  await disconnectPayoutAccount(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('button', { name: 'Add Version' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add Version' })).toHaveCount(0);
});

test('Submit for Approval sends a partner without a connected payout account to connect it first', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner);
  await disconnectPayoutAccount(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
  const versions = await request.get(`/api/Product/Versions/${game.id}`, { headers: authHeaders(partner) });
  expect(((await versions.json()) as { releaseVersion: unknown }).releaseVersion).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Detail and the Version page are never wider than the screen', async ({ page, request }) => {
    const partner = await registerConnectedPartner(request);
    const { game, versionId } = await seedGameInTesting(request, partner);
    await signIn(page, partner);
    await page.goto(gameVersionUrl(game.id, versionId));
    await expect(page.getByRole('form', { name: 'Version' }).getByText('orbit-ios.ab')).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);

    const submitted = await request.put(`/api/Product/Version/Submit/${game.id}/${versionId}`, {
      headers: authHeaders(partner),
    });
    expect(submitted.ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('article', { name: 'Version 1' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);

    await page.goto(gameDetailUrl(game));
    const history = page.getByRole('table', { name: 'Version history' });
    await expect(history.getByRole('link', { name: 'Version 1' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    // the table lays its rows out as cards instead of scrolling sideways inside its frame
    expect(await history.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
  });
});
