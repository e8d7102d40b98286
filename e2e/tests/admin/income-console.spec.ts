import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS, type ViewportName } from '../../fixtures/layout.ts';
import {
  authHeaders,
  connectPayoutAccount,
  createGame,
  expect,
  type Partner,
  registerConnectedPartner,
  registerPartner,
  releaseFirstVersion,
  reportSale,
  runSettlement,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

// Every spec shares one server, and any settlement run (theirs or ours) pays every partner that is due: the tests
// find their own partners' rows by a unique email and never count what others may have added.

interface Balance {
  commissionPercent: number;
  isDefaultRate: boolean;
}

/** "12.50 USD", as the portal shows an amount of cents. */
const usd = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

/** A row's cell under the column headed `column`; a row's first column is its header, not a cell. */
async function cell(row: Locator, column: string): Promise<Locator> {
  const table = row.locator('xpath=ancestor::table[1]');
  // the headings are upper-cased by the style sheet, which innerText follows
  const headings = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim().toLowerCase());
  const index = headings.indexOf(column.toLowerCase());
  expect(index, `the table has a column "${column}" after its first`).toBeGreaterThan(0);
  return row.getByRole('cell').nth(index - 1);
}

async function balanceOf(request: APIRequestContext, email: string): Promise<Balance> {
  const headers = authHeaders(await signInAdmin(request));
  const response = await request.get(`/api/Admin/Income/Balances?Email=${encodeURIComponent(email)}`, { headers });
  expect(response.ok(), await response.text()).toBe(true);
  const [balance] = ((await response.json()) as { data: Balance[] }).data;
  expect(balance).toBeDefined();
  return balance as Balance;
}

/** A connected partner with one released game, named for the test. */
async function partnerWithGame(request: APIRequestContext, partner?: Partner) {
  const owner = partner ?? (await registerConnectedPartner(request));
  const game = await createGame(request, owner, { name: `Ledger ${randomUUID().slice(0, 6)}` });
  await releaseFirstVersion(request, owner, game);
  return { partner: owner, game };
}

/** Opens a tab of the admin console and answers its panel. */
async function openTab(page: Page, name: 'Balances' | 'Settlement runs' | 'Payouts') {
  if (!page.url().endsWith('/admin')) await page.goto('/admin');
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

/** The balances row of one partner, found by its email as an admin would. */
async function balanceRow(page: Page, email: string) {
  const panel = await openTab(page, 'Balances');
  await panel.getByLabel('Partner email').fill(email);
  await panel.getByRole('button', { name: 'Find' }).click();
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

/** The payouts row of a partner in the list of `status`, paging on as an admin would. */
async function payoutRow(page: Page, email: string, status: 'Failed' | 'Sent'): Promise<Locator> {
  const panel = await openTab(page, 'Payouts');
  await panel.getByLabel('Status').selectOption(status);
  const rows = panel.getByRole('row');
  const row = rows.filter({ hasText: email });
  const next = panel.getByRole('navigation', { name: 'Payouts pages' }).getByRole('button', { name: 'Next page' });
  for (;;) {
    await expect(rows.nth(1)).toContainText(status);
    if ((await row.count()) > 0 || !(await next.isVisible()) || (await next.isDisabled())) break;
    const firstBefore = await rows.nth(1).innerText();
    await next.click();
    await expect(rows.nth(1)).not.toHaveText(firstBefore);
  }
  await expect(row).toHaveCount(1);
  return row;
}

test("Balances shows a partner's unsettled and paid income, rate, payout account and next payout day", async ({
  page,
  request,
}) => {
  const { partner, game } = await partnerWithGame(request);
  const old = await reportSale(request, game, { totalPrice: 2000, daysAgo: 100 });
  await runSettlement(request);
  const recent = await reportSale(request, game, { totalPrice: 999 });
  const recentToo = await reportSale(request, game, { totalPrice: 450 });
  await signIn(page, await signInAdmin(request));

  const row = await balanceRow(page, partner.email);
  await expect(row.getByRole('rowheader')).toContainText('Mia Chen');
  await expect(row.getByRole('rowheader')).toContainText('Northlight Studio');
  const commission = await cell(row, 'Commission');
  await expect(commission).toContainText(`${(await balanceOf(request, partner.email)).commissionPercent}%`);
  await expect(commission).toContainText('Default');
  await expect(await cell(row, 'Unsettled')).toHaveText(usd(recent.income + recentToo.income));
  await expect(await cell(row, 'Settling')).toHaveText(usd(0));
  await expect(await cell(row, 'Paid')).toHaveText(usd(old.income));
  await expect(await cell(row, 'Payout account')).toHaveText('Connected');
  await expect(await cell(row, 'Next payout')).toHaveText(recent.payoutDate);
});

test('Balances finds a partner without sales by email, and says when no partner has that email', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  await signIn(page, await signInAdmin(request));
  const row = await balanceRow(page, partner.email);
  await expect(await cell(row, 'Unsettled')).toHaveText(usd(0));
  await expect(await cell(row, 'Payout account')).toHaveText('Not connected');

  const panel = page.getByRole('tabpanel', { name: 'Balances' });
  const nobody = `nobody-${randomUUID().slice(0, 8)}@studio.example`;
  await panel.getByLabel('Partner email').fill(nobody);
  await panel.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByText(`No partner has the email ${nobody}.`)).toBeVisible();
  await panel.getByRole('button', { name: 'Show all' }).click();
  await expect(panel.getByLabel('Partner email')).toHaveValue('');
  await expect(panel.getByText(`No partner has the email ${nobody}.`)).toHaveCount(0);
});

test("a partner's commission rate is edited in a dialog by keyboard, refused values keep it open, and it resets", async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const before = await balanceOf(request, partner.email);
  expect(before.isDefaultRate).toBe(true);
  await signIn(page, await signInAdmin(request));
  const row = await balanceRow(page, partner.email);
  const commission = await cell(row, 'Commission');
  const edit = row.getByRole('button', { name: `Edit commission rate of ${partner.email}` });
  const dialog = page.getByRole('dialog', { name: 'Commission rate' });
  const field = dialog.getByLabel('Commission rate (%)');

  await edit.press('Enter');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(String(before.commissionPercent));
  await field.fill('50');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(commission).toContainText(`${before.commissionPercent}%`);
  // the dialog gives focus back to the button that opened it
  await expect(edit).toBeFocused();

  await edit.press('Enter');
  await expect(field).toHaveValue(String(before.commissionPercent));
  await field.fill('120');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription('commissionPercent must be a number from 0 to 100');
  await field.fill('12.345');
  await expect(field).toHaveAccessibleDescription('commissionPercent has at most two decimals');
  await expect(dialog).toBeVisible();
  expect((await balanceOf(request, partner.email)).isDefaultRate).toBe(true);

  await field.fill('12.5');
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(commission).toContainText('12.5%');
  await expect(commission).toContainText('Own rate');
  expect(await balanceOf(request, partner.email)).toMatchObject({ commissionPercent: 12.5, isDefaultRate: false });

  await edit.press('Enter');
  await expect(field).toHaveValue('12.5');
  await dialog.getByRole('button', { name: 'Reset to default' }).click();
  await expect(dialog).toBeHidden();
  await expect(commission).toContainText(`${before.commissionPercent}%`);
  await expect(commission).toContainText('Default');
  expect(await balanceOf(request, partner.email)).toEqual(before);
});

test('Run settlement now asks first, then the run is listed with what it did', async ({ page, request }) => {
  await signIn(page, await signInAdmin(request));
  const panel = await openTab(page, 'Settlement runs');
  const confirm = page.getByRole('dialog', { name: 'Run settlement now?' });

  await panel.getByRole('button', { name: 'Run settlement now' }).click();
  await expect(confirm).toContainText('Money moves now');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await panel.getByRole('button', { name: 'Run settlement now' }).click();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/Admin/Settlement/Run') && response.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Run settlement' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const run = (await response.json()) as { startedAt: string; payoutDate: string; paidCount: number };
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Settlement of ${run.payoutDate} finished` })).toBeVisible();
  const row = panel.getByRole('row').filter({ has: page.locator(`time[datetime="${run.startedAt}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(run.payoutDate);
  await expect(await cell(row, 'By')).toHaveText('Admin');
  await expect(await cell(row, 'Paid')).toHaveText(String(run.paidCount));
});

test('a refused transfer shows its reason; Retry tries again, and sends it once the partner connects a working account', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const partner = await registerPartner(request);
  await connectPayoutAccount(request, partner, { restricted: true });
  const { game } = await partnerWithGame(request, partner);
  const sale = await reportSale(request, game, { totalPrice: 3000, daysAgo: 100 });
  await runSettlement(request);
  await signIn(page, await signInAdmin(request));

  // the newest run failed this payout (or a later one tried it again): its failures lead to the failed payouts
  const runs = await openTab(page, 'Settlement runs');
  await runs
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /failed: show the failed payouts/ })
    .click();
  await expect(page.getByRole('tab', { name: 'Payouts' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Payouts' }).getByLabel('Status')).toHaveValue('Failed');

  const failed = await payoutRow(page, partner.email, 'Failed');
  const status = await cell(failed, 'Status');
  await expect(await cell(failed, 'Amount')).toHaveText(usd(sale.income));
  await expect(await cell(failed, 'Sales')).toHaveText('1');
  await expect(status).toHaveText('Failed');
  await expect(await cell(failed, 'Attempts')).toHaveText(/^[1-9]\d*$/);
  await expect(await cell(failed, 'Details')).toContainText('The connected account cannot receive transfers');

  const retry = failed.getByRole('button', { name: `Retry the payout of ${usd(sale.income)} to ${partner.email}` });
  const confirm = page.getByRole('dialog', { name: 'Retry this transfer?' });
  await retry.click();
  await expect(confirm).toContainText('The last attempt failed: The connected account cannot receive transfers');
  await confirm.getByRole('button', { name: 'Retry transfer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'failed again' })).toBeVisible();
  await expect(status).toHaveText('Failed');

  // the admin comes back to it later, on a fresh page
  await page.reload();
  const stillFailed = await payoutRow(page, partner.email, 'Failed');
  await stillFailed.getByRole('button', { name: /^Retry the payout/ }).click();
  await expect(confirm).toBeVisible();
  // connected while the confirmation is open: a settlement run of another spec has no time to send it first
  await connectPayoutAccount(request, partner);
  await confirm.getByRole('button', { name: 'Retry transfer' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The payout of ${usd(sale.income)} to ${partner.email} is sent.` }),
  ).toBeVisible();
  await expect(stillFailed).toHaveCount(0);

  const sent = await payoutRow(page, partner.email, 'Sent');
  await expect(await cell(sent, 'Status')).toHaveText('Sent');
  await expect(await cell(sent, 'Details')).toContainText('tr_sandbox_');
  const balance = await balanceRow(page, partner.email);
  await expect(await cell(balance, 'Paid')).toHaveText(usd(sale.income));
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`the income tabs fit a ${viewport} and pass the accessibility checks, the rate dialog included`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(VIEWPORTS[viewport]);
    // no hyphen: nothing in it is a place where a line may break
    const email = `partner.${randomUUID().slice(0, 8)}.finance.and.payouts@northlightinteractivestudio.example`;
    const partner = await registerPartner(request, { email });
    await connectPayoutAccount(request, partner, { restricted: true });
    const { game } = await partnerWithGame(request, partner);
    await reportSale(request, game, { totalPrice: 1250, daysAgo: 100 });
    await runSettlement(request);
    await signIn(page, await signInAdmin(request));

    await balanceRow(page, email);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Edit commission rate of ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Commission rate' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS[viewport].width).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const runs = await openTab(page, 'Settlement runs');
    await expect(runs.getByRole('table')).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await payoutRow(page, email, 'Failed');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
