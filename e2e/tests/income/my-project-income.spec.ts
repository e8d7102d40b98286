import { dayText, hongKongMonth, midMonth, monthText, reportSales, usd } from '../../fixtures/income.ts';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  createGame,
  expect,
  holdRequests,
  registerConnectedPartner,
  registerPartner,
  releaseFirstVersion,
  reportSale,
  seriousAxeViolations,
  signIn,
  test,
} from '../../fixtures/test.ts';

test('a visitor learns what the page is and finds a sign-in link, without a partner call or an error', async ({
  page,
  request,
}) => {
  const incomeCalls: string[] = [];
  const refused: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/User/Income')) incomeCalls.push(sent.url());
  });
  page.on('response', (answer) => {
    if (answer.status() === 401) refused.push(answer.url());
  });

  await page.goto('/commission');
  await expect(page).toHaveTitle('My Project Income · Lumora Partner Portal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Project Income');
  const intro = page.getByRole('region', { name: 'Your sales and payouts, in one place' });
  await expect(intro).toContainText('every sale with its fees and income, income by month');
  const signInLink = intro.getByRole('link', { name: 'Sign in to see your income' });
  await expect(signInLink).toHaveAttribute('href', '/login?redirect=%2Fcommission');
  await page.waitForLoadState('networkidle');
  expect(incomeCalls).toEqual([]);
  expect(refused).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // the link brings the partner back to the page, signed in
  const partner = await registerPartner(request);
  await signInLink.click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/commission$/);
  await expect(page.getByRole('region', { name: 'No sales yet' })).toBeVisible();
  expect(incomeCalls.length).toBeGreaterThan(0);
});

test('a partner without sales reads when and how payouts are made', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/commission');
  const empty = page.getByRole('region', { name: 'No sales yet' });
  await expect(empty).toContainText('each sale appears here with its fees, your income and the day it is paid');
  await expect(empty.getByRole('heading', { name: 'How payouts work' })).toBeVisible();
  // SPEC §1: 60 to 90 days after receipt, on the last day of a month, from Hong Kong; no refunds for digital assets
  const hongKongNow = new Date(Date.now() + 8 * 3_600_000);
  const payoutDay = new Date(Date.UTC(hongKongNow.getUTCFullYear(), hongKongNow.getUTCMonth() + 3, 0));
  await expect(empty).toContainText(
    `Each sale is paid 60 to 90 days after it is received, on the last day of a month: a sale made today is paid on ${dayText(payoutDay.toISOString().slice(0, 10))}.`,
  );
  await expect(empty).toContainText('Payouts are sent from Hong Kong, in US dollars');
  await expect(empty).toContainText('There are no refunds for digital assets.');
  await expect(empty.getByRole('link', { name: 'Connect a payout account' })).toHaveAttribute('href', '/stripe');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the overview shows this month's and last month's income, what waits to be paid, and charts the last twelve months", async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  await releaseFirstVersion(request, partner, game);
  const thisMonth = await reportSales(request, game, [0, 0], 1999);
  const lastMonth = await reportSale(request, game, { totalPrice: 4999, purchasedAt: midMonth(hongKongMonth(1)) });
  const centsOf = (sales: Array<{ income: number }>) => sales.reduce((sum, sale) => sum + sale.income, 0);

  // the chart's library runs within the portal's Content-Security-Policy, which reports a refusal as a console error
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await signIn(page, partner);
  const release = await holdRequests(page, '**/api/User/Income/Summary');
  await page.goto('/commission');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your income…' })).toBeAttached();
  release();
  const overview = page.getByRole('region', { name: 'Overview' });
  const stat = (label: string) => overview.getByRole('term').filter({ hasText: label }).locator('..');
  await expect(stat('This month')).toContainText(usd(centsOf(thisMonth)));
  await expect(stat('This month')).toContainText(monthText(hongKongMonth(0)));
  await expect(stat('Last month')).toContainText(usd(lastMonth.income));
  await expect(stat('Last month')).toContainText(monthText(hongKongMonth(1)));
  await expect(stat('Waiting to be paid')).toContainText(usd(centsOf([...thisMonth, lastMonth])));
  await expect(stat('Paid so far')).toContainText('0.00 USD');

  // the chart is drawn, and says what it shows in words
  const chart = overview.getByRole('figure', { name: 'Income by month' });
  const canvas = chart.getByRole('img', {
    name: `Income by month from ${monthText(hongKongMonth(11))} to ${monthText(hongKongMonth(0))}, paid against pending.`,
    exact: false,
  });
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((element) => {
        const context = (element as HTMLCanvasElement).getContext('2d');
        const { data } = context?.getImageData(0, 0, element.clientWidth, element.clientHeight) ?? { data: [] };
        return Array.from(data).filter((value, index) => index % 4 === 3 && value > 0).length;
      }),
    )
    .toBeGreaterThan(1000);

  // its text alternative: the twelve months with their figures
  await chart.getByText('Figures by month').click();
  const figures = chart.getByRole('table', { name: 'Income by month, paid and pending, in US dollars' });
  const months = Array.from({ length: 12 }, (_, index) => monthText(hongKongMonth(11 - index)));
  await expect(figures.getByRole('rowheader')).toHaveText(months);
  const rowOf = (month: string) =>
    figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: month }) });
  await expect(rowOf(monthText(hongKongMonth(0))).getByRole('cell')).toHaveText([
    '0.00',
    (centsOf(thisMonth) / 100).toFixed(2),
  ]);
  await expect(rowOf(monthText(hongKongMonth(1))).getByRole('cell')).toHaveText([
    '0.00',
    (lastMonth.income / 100).toFixed(2),
  ]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // at both widths nothing runs off the page: the sales table scrolls in its own box (measured once the layout has
  // settled: the chart's canvas takes the new width a frame or more after the viewport changes)
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('region', { name: /^Sales, newest first/ })).toBeVisible();
    await expect.poll(() => horizontalOverflow(page)).toEqual([]);
  }
  expect(consoleErrors).toEqual([]);
});

test('purchase days are Hong Kong days, as the note beside the filter says, and the table keeps UTC times', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Nebula Quest' });
  await releaseFirstVersion(request, partner, game);
  // the 1st of last month begins at 16:00 UTC the day before: a sale half an hour after is on the 1st in Hong Kong,
  // one half an hour before on the last day of the month before
  const firstDay = `${hongKongMonth(1)}-01`;
  const midnight = Date.parse(`${firstDay}T00:00:00Z`) - 8 * 3_600_000;
  const sale = (minutes: number, fullName: string) =>
    reportSale(request, game, {
      totalPrice: 1500,
      purchasedAt: new Date(midnight + minutes * 60_000).toISOString(),
      buyer: { email: `${fullName.toLowerCase().replace(' ', '.')}@example.com`, fullName },
    });
  await sale(30, 'Early Bird');
  await sale(-30, 'Night Owl');

  await signIn(page, partner);
  await page.goto('/commission');
  const filters = page.getByRole('search', { name: 'Filter sales' });
  await expect(filters).toContainText(
    'Purchase days are counted in Hong Kong time (UTC+8), as payouts are; times in the table and the CSV export are UTC.',
  );
  await filters.getByLabel('Purchased from').fill(firstDay);
  await filters.getByLabel('Purchased to').fill(firstDay);
  await filters.getByRole('button', { name: 'Search' }).click();
  const rows = page
    .getByRole('region', { name: /^Sales, newest first/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Early Bird');
  // shown at its UTC time, on the day before
  await expect(rows).toContainText(dayText(new Date(midnight).toISOString().slice(0, 10)));
  await expect(rows).toContainText('16:30');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
