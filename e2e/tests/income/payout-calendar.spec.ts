import type { Page } from '@playwright/test';
import { dayText, listIncome, payoutDayText, reportSales, type SaleRecord, usd } from '../../fixtures/income.ts';
import {
  createGame,
  disconnectPayoutAccount,
  expect,
  registerConnectedPartner,
  releaseFirstVersion,
  reportSale,
  runSettlement,
  seriousAxeViolations,
  signIn,
  test,
} from '../../fixtures/test.ts';

const calendar = (page: Page) => page.getByRole('region', { name: 'Payout calendar' });
const comingPayouts = (page: Page) =>
  calendar(page).getByRole('region', { name: 'Coming payouts' }).getByRole('listitem');
const recentPayouts = (page: Page) =>
  calendar(page).getByRole('region', { name: 'Recent payouts' }).getByRole('listitem');
const waitingNote = (page: Page) =>
  page.getByRole('note').filter({ hasText: 'Your payouts wait on a payout account.' });

/** The sales grouped by the day they are paid, earliest first: what the calendar should list. */
function byPayoutDay(sales: SaleRecord[]) {
  const days = new Map<string, { cents: number; count: number }>();
  for (const sale of sales) {
    const day = days.get(sale.payoutDate) ?? { cents: 0, count: 0 };
    days.set(sale.payoutDate, { cents: day.cents + sale.income, count: day.count + 1 });
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b));
}

test('the payout calendar lists each coming payout day with the amount due on it', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  await releaseFirstVersion(request, partner, game);
  // sales of this month and of a month or two before: paid on different days, none of them due yet
  const sales = await reportSales(request, game, [0, 0, 1, 35, 36], 999);
  const expected = byPayoutDay(sales);
  expect(expected.length).toBeGreaterThan(1);

  await signIn(page, partner);
  await page.goto('/commission');
  await expect(comingPayouts(page)).toHaveCount(expected.length);
  for (const [index, [day, { cents, count }]] of expected.entries()) {
    const entry = comingPayouts(page).nth(index);
    await expect(entry).toContainText(payoutDayText(day));
    await expect(entry).toContainText(usd(cents));
    await expect(entry).toContainText(`${count} ${count === 1 ? 'sale' : 'sales'}`);
    await expect(entry).not.toContainText('Waits on a payout account');
  }
  await expect(recentPayouts(page)).toHaveCount(0);
  await expect(calendar(page)).toContainText('No payout has been made yet.');
  const [firstDay] = expected[0] ?? [];
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText(
    `Next payout ${payoutDayText(firstDay ?? '')}`,
  );
  await expect(waitingNote(page)).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a partner whose payout account was disconnected is told its payouts wait on one, with the way to connect', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  await releaseFirstVersion(request, partner, game);
  const sale = await reportSale(request, game, { totalPrice: 2500 });
  await disconnectPayoutAccount(request, partner);

  await signIn(page, partner);
  await page.goto('/commission');
  await expect(waitingNote(page)).toContainText(
    `${usd(sale.income)} is waiting to be paid, but no payout account is connected to send it to.`,
  );
  await expect(comingPayouts(page)).toHaveCount(1);
  await expect(comingPayouts(page)).toContainText(payoutDayText(sale.payoutDate));
  await expect(comingPayouts(page)).toContainText('Waits on a payout account');
  // the sale itself says so too, with the same day as the calendar
  const row = page
    .getByRole('region', { name: /^Sales, newest first/ })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText('Waits on a payout account');
  await expect(row).toContainText(dayText(sale.payoutDate));
  await waitingNote(page).getByRole('link', { name: 'Connect a payout account' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
});

test('a payout sent by the settlement run is listed among the recent payouts, its sale collected', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  await releaseFirstVersion(request, partner, game);
  // a sale of four months ago is due by the latest payout day; today's is not
  const [due, recent] = await reportSales(request, game, [120, 0], 3000);
  const run = await runSettlement(request);
  await expect
    .poll(async () => (await listIncome(request, partner)).map((record) => record.status))
    .toEqual(['Unsettled', 'Settled']);
  const settledAt = (await listIncome(request, partner))[1]?.settledAt ?? '';

  await signIn(page, partner);
  await page.goto('/commission');
  await expect(recentPayouts(page)).toHaveCount(1);
  const sent = recentPayouts(page).first();
  await expect(sent).toContainText(payoutDayText(run.payoutDate));
  await expect(sent).toContainText(usd((due as SaleRecord).income));
  await expect(sent).toContainText('1 sale');
  await expect(sent).toContainText('Sent');
  const paidSoFar = page.getByRole('region', { name: 'Overview' }).getByRole('term').filter({ hasText: 'Paid so far' });
  await expect(paidSoFar.locator('..')).toContainText(usd((due as SaleRecord).income));

  // the sale reads as collected, with the day it was paid and when it settled
  const filters = page.getByRole('search', { name: 'Filter sales' });
  await filters.getByLabel('Status').selectOption({ label: 'Collected' });
  await filters.getByRole('button', { name: 'Search' }).click();
  const rows = page
    .getByRole('region', { name: /^Sales, newest first/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader'),
    });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Collected');
  // a sale is shown on the day its payout went out
  await expect(rows).toContainText(`Payout ${dayText(run.payoutDate)}`);
  await expect(rows.getByRole('cell').last()).toContainText(dayText(settledAt.slice(0, 10)));
  // the other sale is still to come
  await expect(comingPayouts(page)).toContainText(usd((recent as SaleRecord).income));
});
