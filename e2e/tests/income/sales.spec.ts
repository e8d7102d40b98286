import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  amount,
  dayText,
  hongKongDay,
  hongKongDayOf,
  listIncome,
  reportSales,
  type SaleRecord,
  voidSale,
} from '../../fixtures/income.ts';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  createGame,
  createModel,
  expect,
  registerConnectedPartner,
  releaseFirstVersion,
  signIn,
  test,
} from '../../fixtures/test.ts';

const salesTable = (page: Page) => page.getByRole('region', { name: /^Sales, newest first/ });
const salesRows = (page: Page) =>
  salesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter sales' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Sales pages' });
const results = (page: Page) => page.getByRole('status').filter({ hasText: /^(Showing|No sale)/ });

/** A partner with 11 sales of a released game over the last 11 days, one of them voided, and 2 of a 3D model. */
async function seedPartnerWithSales(request: Parameters<typeof registerConnectedPartner>[0]) {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  const model = await createModel(request, partner, { name: 'Lantern Fox' });
  await releaseFirstVersion(request, partner, game);
  await releaseFirstVersion(request, partner, { id: model.id, itemType: 'Model' });
  const gameSales = await reportSales(request, game, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 499);
  const modelSales = await reportSales(request, { id: model.id, itemType: 'Model' }, [20, 40], 1250);
  const voided = await voidSale(request, (gameSales[4] as SaleRecord).transactionId);
  return { partner, gameSales, modelSales, voided };
}

test('filters sales by item name, purchase days and status label, and a new filter starts from page one', async ({
  page,
  request,
}) => {
  const { partner, gameSales, modelSales, voided } = await seedPartnerWithSales(request);
  const querySent: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/User/Income/Query')) querySent.push(sent.url());
  });
  await signIn(page, partner);
  await page.goto('/commission');
  await expect(results(page)).toHaveText('Showing 1–10 of 13 sales.');
  await pager(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(results(page)).toHaveText('Showing 11–13 of 13 sales.');
  await expect(salesRows(page)).toHaveCount(3);

  // SPEC §4's labels are the status options; choosing one shows the first page of what matches
  const status = filters(page).getByLabel('Status');
  await expect(status.getByRole('option')).toHaveText([
    'All statuses',
    'Preparing Commission',
    'Released Commission',
    'Collected',
    'Voided',
  ]);
  await status.selectOption({ label: 'Preparing Commission' });
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(results(page)).toHaveText('Showing 1–10 of 12 sales matching the filters.');
  await expect(pager(page).getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page).not.toHaveURL(/page=/);
  await expect(salesRows(page).first()).toContainText('Preparing Commission');

  await status.selectOption({ label: 'Voided' });
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(salesRows(page)).toHaveCount(1);
  await expect(salesRows(page)).toContainText(amount(voided.totalPrice));
  await expect(salesRows(page)).toContainText('Not paid out');
  await expect(salesRows(page)).toContainText('Voided');
  await expect(pager(page)).toHaveCount(0);

  // a name matches part of an item's name, in any case
  await status.selectOption({ label: 'All statuses' });
  await filters(page).getByLabel('Item name').fill('lantern');
  await filters(page).getByLabel('Item name').press('Enter');
  await expect(salesRows(page)).toHaveCount(2);
  // a search by keyboard leaves the keyboard where it was
  await expect(filters(page).getByLabel('Item name')).toBeFocused();
  await expect(salesRows(page).getByRole('rowheader')).toHaveText(['Lantern Fox', 'Lantern Fox']);

  // a purchase date range counts whole Hong Kong days, both ends included, as the note beside it says
  await expect(filters(page)).toContainText('Purchase days are counted in Hong Kong time (UTC+8), as payouts are');
  await filters(page).getByLabel('Item name').fill('');
  const from = filters(page).getByLabel('Purchased from');
  const to = filters(page).getByLabel('Purchased to');
  const [start, end] = [hongKongDay(-20), hongKongDay(-5)];
  await from.fill(start);
  await to.fill(end);
  await filters(page).getByRole('button', { name: 'Search' }).click();
  const inRange = [...gameSales, ...modelSales].filter((sale) => {
    const day = hongKongDayOf(sale.purchasedAt);
    return day >= start && day <= end;
  });
  await expect(results(page)).toHaveText(`Showing ${inRange.length} sales matching the filters.`);
  await expect(salesRows(page)).toHaveCount(inRange.length);
  await expect(page).toHaveURL(new RegExp(`from=${start}&to=${end}`));

  // SPEC §5: no future day is offered, and one typed in is refused before anything is asked of the server
  await expect(from).toHaveAttribute('max', end);
  await expect(to).toHaveAttribute('max', hongKongDay(0));
  await expect(to).toHaveAttribute('min', start);
  const asked = querySent.length;
  await to.fill(hongKongDay(1));
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(filters(page).getByText('Choose today or an earlier day')).toBeVisible();
  await expect(to).toBeFocused();
  // an end before the start is refused too
  await to.fill(hongKongDay(-30));
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(filters(page).getByText('Must be on or before the To date')).toBeVisible();
  expect(querySent.length).toBe(asked);
  await expect(salesRows(page)).toHaveCount(inRange.length);

  await filters(page).getByRole('button', { name: 'Clear' }).click();
  await expect(results(page)).toHaveText('Showing 1–10 of 13 sales.');
  await expect(from).toHaveValue('');
  await expect(filters(page).getByLabel('Item name')).toBeFocused();
});

test('pages the sales ten at a time, newest first, each unsettled one with the day it will be paid', async ({
  page,
  request,
}) => {
  const { partner, gameSales, modelSales } = await seedPartnerWithSales(request);
  await signIn(page, partner);
  await page.goto('/commission');
  await expect(salesRows(page)).toHaveCount(10);
  const [newest] = gameSales;
  await expect(salesRows(page).first()).toContainText(amount((newest as SaleRecord).totalPrice));
  await expect(salesRows(page).first()).toContainText(`Payout ${dayText((newest as SaleRecord).payoutDate)}`);
  await expect(pager(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await expect(salesRows(page)).toHaveCount(3);
  await expect(page).toHaveURL(/page=2/);
  const oldest = modelSales.at(-1) as SaleRecord;
  await expect(salesRows(page).last()).toContainText(amount(oldest.totalPrice));
  await expect(salesRows(page).last()).toContainText(`Payout ${dayText(oldest.payoutDate)}`);
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeDisabled();

  // a reload keeps the page; Back returns to the first
  await page.reload();
  await expect(salesRows(page)).toHaveCount(3);
  await page.goBack();
  await expect(salesRows(page)).toHaveCount(10);

  // ten sales or fewer need no pages
  await filters(page).getByLabel('Item name').fill('Lantern');
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(salesRows(page)).toHaveCount(2);
  await expect(pager(page)).toHaveCount(0);
});

test('exports every sale the filters match as CSV, as the API answers for the same filters', async ({
  page,
  request,
}) => {
  const { partner } = await seedPartnerWithSales(request);
  await signIn(page, partner);
  await page.goto('/commission');
  // eleven sales match, one page and a bit: the export has them all
  await filters(page).getByLabel('Item name').fill('nebula');
  await filters(page).getByLabel('Purchased from').fill(hongKongDay(-11));
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(results(page)).toHaveText('Showing 1–10 of 11 sales matching the filters.');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('income.csv');
  const csv = await readFile((await download.path()) ?? '', 'utf8');

  const applied = { Name: 'nebula', PurchaseDateFrom: hongKongDay(-11) };
  const answer = await request.get('/api/User/Income/Export.csv', { headers: authHeaders(partner), params: applied });
  expect(answer.ok()).toBe(true);
  expect(csv).toBe(await answer.text());
  const lines = csv.trimEnd().split('\r\n');
  const records = await listIncome(request, partner, applied);
  expect(records).toHaveLength(11);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
    records.map((record) => record.payment.transactionId),
  );
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'Nebula Quest')).toBe(true);
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`each sale shows whole at ${width}: a card a sale on a phone, a row at 1440, the buyer's email never cut`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const { partner } = await seedPartnerWithSales(request);
    await signIn(page, partner);
    await page.goto('/commission');
    await expect(salesRows(page)).toHaveCount(10);
    const first = salesRows(page).first();
    const email = first.locator('.my-income-table__email');
    await expect(email).toHaveText(/@/);
    // the whole address shows: nothing of it is clipped or ellipsised
    expect(
      await email.evaluate(
        (el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis',
      ),
    ).toBe(true);
    const box = await first.boundingBox();
    if (width === 'phone') {
      // a card: as wide as the page's column, each value with its column's name, nothing to scroll sideways
      expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
      // the item and the status both in view at once, no scrolling sideways inside a box
      await first.getByRole('rowheader').scrollIntoViewIfNeeded();
      await expect(first.getByRole('rowheader')).toBeInViewport();
      await expect(first.getByRole('cell').filter({ hasText: 'Preparing Commission' })).toBeInViewport();
      expect(
        await first
          .getByRole('cell')
          .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', ''))),
      ).toEqual([
        'Buyer',
        'Purchased at (UTC)',
        'Total (USD)',
        'Payment platform fee (USD)',
        'Platform fee (USD)',
        'Income (USD)',
        'Status',
        'Settled at (UTC)',
      ]);
      expect(await horizontalOverflow(page)).toEqual([]);
      await first.screenshot({ path: test.info().outputPath('income-card-phone.png') });
    }
    await page.screenshot({ path: test.info().outputPath(`income-${width}.png`), fullPage: true });
  });
}
