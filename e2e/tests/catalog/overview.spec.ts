import { dayText, usd } from '../../fixtures/income.ts';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  createModel,
  expect,
  holdRequests,
  registerConnectedPartner,
  reportSale,
  seedGameInTesting,
  seedSubmittedGame,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

test('My Projects sums up the projects, leads to a rejected one, and shows income once there is a sale', async ({
  page,
  request,
}, testInfo) => {
  const partner = await registerConnectedPartner(request);
  const { game: rejected, versionId } = await seedSubmittedGame(request, partner, 'under-review');
  const admin = authHeaders(await signInAdmin(request));
  const refused = await request.put(`/api/Admin/Review/Reject/${versionId}`, {
    headers: admin,
    data: { reason: 'The Android build crashes at start.' },
  });
  expect(refused.ok(), await refused.text()).toBe(true);
  const { game: ready } = await seedGameInTesting(request, partner);
  await createModel(request, partner, { name: 'Paper Crane' });

  await signIn(page, partner);
  const held = await holdRequests(page, '**/api/Overview');
  await page.goto('/developers/my-project');
  await expect(page.getByText('Loading the overview')).toBeAttached();
  held();

  const counts = page.getByRole('list', { name: 'Projects by status' });
  await expect(counts.getByRole('listitem')).toHaveText(['1Draft', '1In Testing', '1Rejected']);
  const attention = page.getByRole('region', { name: /Needs your attention/ });
  const entries = attention.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`${rejected.name} version 1`);
  await expect(entries.first()).toContainText('Rejected: read the reason, edit and submit again');
  await expect(entries.last()).toContainText(`${ready.name} version 1`);
  await expect(entries.last()).toContainText('Ready to submit for review');
  // no income yet: no tile
  await expect(page.getByRole('link', { name: /This month's income/ })).toHaveCount(0);

  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`my-projects-overview-${name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);

  await attention.getByRole('link', { name: `${rejected.name} version 1` }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/my-project/detail\\?.*id=${rejected.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rejected.name);
  await expect(page.getByText('The Android build crashes at start.')).toBeVisible();

  // the marketplace sells released versions only
  const { game: released } = await seedSubmittedGame(request, partner, 'released');
  const sale = await reportSale(request, released, { totalPrice: 499 });
  await page.goto('/developers/my-project');
  const income = page.getByRole('link', { name: /This month's income/ });
  await expect(income).toContainText(usd(sale.income));
  await expect(income).toContainText(`Next payout: ${dayText(sale.payoutDate)} · ${usd(sale.income)}`);
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`my-projects-income-${name}.png`), fullPage: true });
  }
  await income.click();
  await expect(page).toHaveURL(/\/commission$/);
});

test('a brand-new partner gets one friendly line, not an empty overview', async ({ page, request }) => {
  await signIn(page, await registerConnectedPartner(request));
  await page.goto('/developers/my-project');
  await expect(page.getByText('Create your first project: how each one stands')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Projects by status' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Needs your attention/ })).toHaveCount(0);
});
