import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  ADMIN,
  authHeaders,
  connectPayoutAccount,
  consoleEntry,
  expect,
  registerConnectedPartner,
  registerPartner,
  seedSubmittedGame,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

test('an admin who signs in lands on the review console', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review Console');
});

test('Accept asks first, naming the version and saying that it goes live', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'under-review');
  await signIn(page, await signInAdmin(request));
  const entry = await consoleEntry(page, game.name);

  await entry.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept this version?' });
  await expect(confirm).toContainText(`${game.name} version 1 goes live on the Lumora marketplace now`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(entry).toBeVisible();

  await entry.getByRole('button', { name: 'Accept' }).click();
  await confirm.getByRole('button', { name: 'Accept and release' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version accepted and released' })).toBeVisible();
  await expect(entry).toHaveCount(0);
});

test('"Partner replied" shows only while the version still waits for review', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedSubmittedGame(request, partner, 'under-review');
  const wrote = await request.post(`/api/Product/Version/Messages/${versionId}`, {
    headers: authHeaders(partner),
    data: { message: 'A test account: tester@studio.example / Secret123' },
  });
  expect(wrote.ok()).toBe(true);
  await signIn(page, await signInAdmin(request));
  const entry = await consoleEntry(page, game.name);
  await expect(entry.getByText('Partner replied')).toBeVisible();

  await entry.getByRole('button', { name: 'Accept' }).click();
  await page
    .getByRole('dialog', { name: 'Accept this version?' })
    .getByRole('button', { name: 'Accept and release' })
    .click();
  await expect(entry).toHaveCount(0);
  const live = await consoleEntry(page, game.name, { tab: 'Live releases' });
  await expect(live.getByRole('button', { name: 'Conversation (1)' })).toBeVisible();
  await expect(live.getByText('Partner replied')).toHaveCount(0);
});

test('the console tabs work as WAI-ARIA tabs: arrow keys, Home and End, one tab stop, tabs naming their panels', async ({
  page,
  request,
}) => {
  await signIn(page, await signInAdmin(request));
  await page.goto('/admin');
  const names = ['Review queue', 'Live releases', 'Review times', 'Balances', 'Settlement runs', 'Payouts'];
  const tabs = names.map((name) => page.getByRole('tab', { name: new RegExp(`^${name}`) }));
  const [queueTab, liveTab, , , , payoutsTab] = tabs as [Locator, Locator, Locator, Locator, Locator, Locator];
  await expect(page.getByRole('tab')).toHaveCount(names.length);
  await expect(queueTab).toHaveAttribute('aria-selected', 'true');
  await expect(queueTab).toHaveAttribute('tabindex', '0');
  await expect(liveTab).toHaveAttribute('tabindex', '-1');

  await queueTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(liveTab).toBeFocused();
  await expect(liveTab).toHaveAttribute('aria-selected', 'true');
  await expect(liveTab).toHaveAttribute('tabindex', '0');
  await expect(queueTab).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel', { name: /Live releases/ })).toBeVisible();

  for (const tab of tabs.slice(2)) {
    await page.keyboard.press('ArrowRight');
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await page.keyboard.press('ArrowRight');
  await expect(queueTab).toBeFocused();
  await page.keyboard.press('End');
  await expect(payoutsTab).toBeFocused();
  await page.keyboard.press('Home');
  await expect(queueTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(payoutsTab).toBeFocused();
  // keys pressed faster than a slow machine renders each choice still step from the focused tab
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 50 });
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs[4] as Locator).toBeFocused();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel', { name: 'Payouts' })).toBeVisible();

  for (const tab of tabs) {
    const panelId = await tab.getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toHaveAttribute('role', 'tabpanel');
    await expect(panel).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id')) ?? '');
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a partner's long email wraps: the console is never wider than the screen", async ({ page, request }) => {
    // no hyphen: nothing in it is a place where a line may break
    const email = `partner.${randomUUID().slice(0, 8)}.releases.and.reviews@northlightinteractivestudio.example`;
    const partner = await registerPartner(request, { email });
    await connectPayoutAccount(request, partner);
    const { game } = await seedSubmittedGame(request, partner);
    await signIn(page, await signInAdmin(request));
    await page.goto('/admin');
    const entry = page.getByRole('article', { name: new RegExp(`${game.name} version 1`) });
    await expect(entry.getByText(email)).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    const sticksOut = await entry.evaluate((article) => {
      const frame = article.getBoundingClientRect();
      return [...article.querySelectorAll('*')].some(
        (element) => element.getBoundingClientRect().right > frame.right + 1,
      );
    });
    expect(sticksOut).toBe(false);
  });
});

test('the review queue shows 20 versions a page, oldest first, and counts them all', async ({ page, request }) => {
  test.setTimeout(120_000);
  const partner = await registerConnectedPartner(request);
  for (let i = 0; i < 21; i += 1) await seedSubmittedGame(request, partner);
  const admin = await signInAdmin(request);
  const { totalCount } = (await (
    await request.get('/api/Admin/Review/Query?PageIndex=1&PageSize=1', { headers: authHeaders(admin) })
  ).json()) as { totalCount: number };
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: /^Review queue \(\d+\)$/ })).toHaveText(/\((\d+)\)/);
  const counted = Number((await page.getByRole('tab', { name: /^Review queue/ }).innerText()).match(/\d+/)?.[0]);
  expect(counted).toBeGreaterThanOrEqual(totalCount);
  const panel = page.getByRole('tabpanel', { name: /Review queue/ });
  await expect(panel.getByRole('article')).toHaveCount(20);
  const pages = panel.getByRole('navigation', { name: 'Review queue pages' });
  await expect(pages.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  const firstOnPageOne = await panel.getByRole('article').first().getByRole('heading').first().innerText();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(panel.getByRole('article').first().getByRole('heading').first()).not.toHaveText(firstOnPageOne);
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`the console's tab is in the URL (${width}): a refresh keeps it, Back returns to the one before`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await signInAdmin(request));
    await page.goto('/admin');
    const selected = page.getByRole('tab', { selected: true });
    await expect(selected).toHaveText(/^Review queue/);
    await page.getByRole('tab', { name: 'Balances' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=balances$/);
    await expect(page.getByRole('tabpanel', { name: 'Balances' })).toBeVisible();
    await page.getByRole('tab', { name: 'Settlement runs' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=runs$/);

    await page.reload();
    await expect(selected).toHaveText('Settlement runs');
    await expect(page.getByRole('tabpanel', { name: 'Settlement runs' })).toBeVisible();
    await page.goBack();
    await expect(selected).toHaveText('Balances');
    await page.goBack();
    await expect(selected).toHaveText(/^Review queue/);
    await expect(page).toHaveURL(/\/admin$/);
    // a link may name a tab; one unknown shows the queue
    await page.goto('/admin?tab=payouts');
    await expect(selected).toHaveText('Payouts');
    await page.goto('/admin?tab=nonsense');
    await expect(selected).toHaveText(/^Review queue/);
    expect(await horizontalOverflow(page)).toEqual([]);
  });
}
