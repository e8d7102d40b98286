import { readFile } from 'node:fs/promises';
import {
  authHeaders,
  expect,
  holdRequests,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  seedGameInTesting,
  seriousAxeViolations,
  signIn,
  test,
} from '../../fixtures/test.ts';

test('a signed-in account without a payout account reaches Testing builds, from the menu and from /stripe', async ({
  page,
  request,
}) => {
  const tester = await registerPartner(request, { firstName: 'Ada' });
  await signIn(page, tester);
  const release = await holdRequests(page, '**/api/Tester/Builds');
  await page.goto('/developers/my-project');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Testing builds' }).click();
  await expect(page).toHaveURL(/\/testing-builds$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testing builds');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the builds shared with you' })).toBeAttached();
  release();
  const empty = page.getByRole('region', { name: 'No testing builds yet' });
  await expect(empty).toContainText('A studio adds you to its testers by the email of your Lumora account.');
  await expect(empty).toContainText('in the Lumora test-distribution app');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // submission routes still send an unconnected account to /stripe, which leads a tester on
  await page.goto('/start-submission');
  await expect(page).toHaveURL(/\/stripe$/);
  await page.getByRole('link', { name: 'open Testing builds' }).click();
  await expect(page).toHaveURL(/\/testing-builds$/);
  await expect(empty).toBeVisible();
});

test("a whitelisted tester opens the mail's link, reads a studio's testing build and its reports, downloads it, and loses it once removed", async ({
  page,
  request,
}) => {
  const studio = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, studio);
  const tester = await registerPartner(request, { firstName: 'Ada' });
  const added = await request.post('/api/WhiteList', { headers: authHeaders(studio), data: { email: tester.email } });
  expect(added.ok()).toBe(true);
  const mail = (await readOutbox(request)).find((m) => m.to === tester.email);
  expect(mail?.subject).toBe('Northlight Studio added you as a tester');
  const link = mail?.text.match(/Open Testing builds: (\S+)/)?.[1] ?? '';

  await signIn(page, tester);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testing builds');
  const card = page.getByRole('article', { name: game.name });
  await expect(card).toContainText('Version 1 · AR game');
  await expect(card).toContainText('Shared by Northlight Studio');
  await expect(card).toContainText('First release: up to eight players.');
  await expect(card.locator('img')).toHaveAttribute('src', /\/files\//);
  await expect(card.getByRole('heading', { level: 4 })).toHaveText(['Update log', 'Builds', 'iOS', 'Android']);
  const ios = card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'iOS' }) });
  await expect(ios).toContainText('orbit-ios.ab');
  await expect(ios.getByRole('region', { name: 'iOS build report' })).toContainText('UnityFS AssetBundle');
  await expect(ios.getByRole('region', { name: 'iOS build report' })).toContainText('No problems found');
  const android = card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Android' }) });
  await expect(android.getByRole('region', { name: 'Android build report' })).toContainText('2,400 triangles');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    ios.getByRole('button', { name: `Download the iOS build of ${game.name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('orbit-ios.ab');
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 7).toString()).toBe('UnityFS');

  const entry = (
    (await (await request.get('/api/WhiteList', { headers: authHeaders(studio) })).json()) as {
      data: Array<{ id: string }>;
    }
  ).data[0];
  expect((await request.delete(`/api/WhiteList/${entry?.id}`, { headers: authHeaders(studio) })).status()).toBe(204);
  expect((await readOutbox(request)).find((m) => m.to === tester.email)?.subject).toBe(
    'Northlight Studio removed you from its testers',
  );
  await page.reload();
  await expect(page.getByRole('region', { name: 'No testing builds yet' })).toBeVisible();
  await expect(page.getByRole('article', { name: game.name })).toHaveCount(0);
});

test('Testing builds fits a phone', async ({ page, request }) => {
  const studio = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, studio);
  const tester = await registerPartner(request);
  await request.post('/api/WhiteList', { headers: authHeaders(studio), data: { email: tester.email } });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tester);
  await page.goto('/testing-builds');
  const card = page.getByRole('article', { name: game.name });
  await expect(card.getByRole('region', { name: 'Android build report' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const button of await card.getByRole('button', { name: /^Download/ }).all()) {
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});
