import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  consoleEntry,
  expect,
  gameDetailUrl,
  holdRequests,
  registerConnectedPartner,
  seedGameInTesting,
  seedSubmittedGame,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

test('Detail shows where a submitted version stands; the console times the decision per reviewer', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedGameInTesting(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.name);
  await expect(page.getByRole('region', { name: 'Version 1 is in review' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'submit successfully' })).toBeVisible();
  const standing = page.getByRole('region', { name: 'Version 1 is in review' });
  // other tests' versions wait in the same queue: the numbers are theirs too
  await expect(standing).toContainText(/In the review queue: number \d+ of \d+/);
  await expect(standing).toContainText(
    /Median time to a decision \(last 30 days\): (no decisions in the last 30 days|(less than an hour|about \d+ hours?|\d+ days?( \d+ hours?)?) \(\d+ decisions?\))/,
  );
  const [, position, waiting] = (await standing.innerText()).match(/number (\d+) of (\d+)/) ?? [];
  expect(Number(position)).toBeGreaterThanOrEqual(1);
  expect(Number(position)).toBeLessThanOrEqual(Number(waiting));

  // what the API answers is what the page says, read again on each visit
  const release = await holdRequests(page, `**/api/ReviewTimes/Version/${versionId}`);
  await page.reload();
  await expect(standing).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(standing).toHaveAttribute('aria-busy', 'false');
  const api = await request.get(`/api/ReviewTimes/Version/${versionId}`, { headers: authHeaders(partner) });
  expect(api.ok()).toBe(true);
  expect(await api.json()).toMatchObject({ versionId, reviewStatus: 'SubmitedWaitingReview' });

  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await expect(standing).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`detail-review-standing-${name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, game.name);
  await entry.getByRole('button', { name: 'Start Review' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Review started' })).toBeVisible();
  await entry.getByRole('button', { name: 'Accept' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Accept this version?' })
    .getByRole('button', { name: /Accept/ })
    .click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Version accepted' })).toBeVisible();

  await adminPage.getByRole('tab', { name: 'Review times' }).click();
  const panel = adminPage.getByRole('tabpanel', { name: 'Review times' });
  const stats = panel.getByRole('definition');
  await expect(stats.first()).not.toHaveText('—');
  const table = panel.getByRole('table', { name: /Decisions per reviewer/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Reviewer',
    'Decisions',
    'Accepted',
    'Rejected',
    'Median time',
  ]);
  // the accept just made is someone's: its reviewer, or not recorded where the review flow does not record it
  const reviewerRows = table.getByRole('row').filter({ has: adminPage.getByRole('rowheader') });
  await expect(reviewerRows.first()).toBeVisible();
  const accepted = await reviewerRows.evaluateAll((rows) =>
    rows.reduce((sum, row) => sum + Number(row.querySelectorAll('td')[1]?.textContent ?? 0), 0),
  );
  expect(accepted).toBeGreaterThanOrEqual(1);
  await expect(panel.getByRole('region', { name: 'Oldest waiting' })).toBeVisible();
  expect(await seriousAxeViolations(adminPage)).toEqual([]);
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await adminPage.setViewportSize(size);
    expect(await horizontalOverflow(adminPage)).toEqual([]);
    await adminPage.screenshot({ path: testInfo.outputPath(`admin-review-times-${name}.png`), fullPage: true });
  }
  await adminContext.close();

  // decided: nothing to wait for
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.name);
  await expect(page.getByRole('region', { name: 'Version 1 is in review' })).toHaveCount(0);
});

test('the oldest waiting version leads to the review queue', async ({ page, request }) => {
  await seedSubmittedGame(request, await registerConnectedPartner(request));
  await signIn(page, await signInAdmin(request));
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Review times' }).click();
  const oldest = page.getByRole('tabpanel', { name: 'Review times' }).getByRole('region', { name: 'Oldest waiting' });
  await expect(oldest).toContainText(/has waited (less than an hour|about \d+ hours?|\d+ days?( \d+ hours?)?), since/);
  const name = (await oldest.locator('strong').first().innerText()).trim();
  await oldest.getByRole('button', { name: 'Open the review queue' }).click();
  const queueTab = page.getByRole('tab', { name: /Review queue/ });
  await expect(queueTab).toHaveAttribute('aria-selected', 'true');
  await expect(queueTab).toBeFocused();
  // the queue lists the oldest submission first
  await expect(
    page
      .getByRole('tabpanel', { name: /Review queue/ })
      .getByRole('article')
      .first()
      .getByRole('heading')
      .first(),
  ).toHaveText(name);
});
