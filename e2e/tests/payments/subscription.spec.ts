import type { APIRequestContext, Page } from '@playwright/test';
import { utcDay } from '../../fixtures/income.ts';
import {
  authHeaders,
  expect,
  type Partner,
  registerPartner,
  seriousAxeViolations,
  signIn,
  test,
} from '../../fixtures/test.ts';

const panel = (page: Page) => page.getByRole('region', { name: 'AR placement' });
const buyButton = (page: Page) => panel(page).getByRole('button', { name: 'Buy one month' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter purchases' });
const purchasesTable = (page: Page) => page.getByRole('region', { name: /^Purchases, newest first/ });
const purchaseRows = (page: Page) =>
  purchasesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Purchase pages' });
const results = (page: Page) => page.getByRole('status').filter({ hasText: /^(Showing|No purchase)/ });

/** A signed-in partner who has bought nothing, on /vps. */
async function openVps(page: Page, request: APIRequestContext) {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/vps');
  await expect(panel(page).getByText('Not subscribed')).toBeVisible();
  return partner;
}

/** Clicks Buy and lands on the sandbox's checkout page. */
async function startCheckout(page: Page) {
  await buyButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\/cs_sandbox_/);
  await expect(page.getByRole('heading', { name: 'Pay Lumora' })).toBeVisible();
}

/**
 * Starts a purchase through the API, as the page does, and (unless left open) pays or declines it on the sandbox's
 * checkout page over HTTP.
 */
async function purchaseThroughApi(
  request: APIRequestContext,
  partner: Partner,
  origin: string,
  decision?: 'pay' | 'decline',
): Promise<{ checkoutPath: string; sessionId: string }> {
  const response = await request.post('/api/Subscription/Purchase/Stripe', {
    headers: authHeaders(partner),
    data: {
      quantity: 1,
      successUrl: `${origin}/vps?checkout=success`,
      cancelUrl: `${origin}/vps?checkout=cancelled`,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { url } = (await response.json()) as { url: string };
  const checkoutPath = new URL(url, origin).pathname;
  if (decision) await answerCheckout(request, checkoutPath, decision);
  return { checkoutPath, sessionId: checkoutPath.split('/').pop() as string };
}

/** Pays or declines on the sandbox's checkout page, over HTTP, as its buttons do. */
async function answerCheckout(request: APIRequestContext, checkoutPath: string, decision: 'pay' | 'decline') {
  const answered = await request.post(checkoutPath, { form: { decision }, maxRedirects: 0 });
  expect(answered.status(), await answered.text()).toBe(303);
}

test('buys a month: Processing in the history while the checkout is open, then active and Collected once paid', async ({
  page,
  request,
  context,
}) => {
  await openVps(page, request);
  await expect(panel(page).getByText('9.99 USD / month')).toBeVisible();
  await expect(panel(page).getByText('The VPS app is in beta and content may be removed.')).toBeVisible();
  await expect(
    panel(page).getByText('AR placement lasts one month, then expires and is removed automatically.'),
  ).toBeVisible();

  await startCheckout(page);

  // the purchase is in the history before it is paid
  const history = await context.newPage();
  await history.goto('/purchase-history');
  await expect(purchaseRows(history)).toHaveCount(1);
  await expect(purchaseRows(history).first()).toContainText('AR placement: one month');
  await expect(purchaseRows(history).first()).toContainText('9.99');
  await expect(purchaseRows(history).first()).toContainText('Processing');
  await expect(purchasesTable(history).getByRole('columnheader')).toHaveText([
    'Description',
    'Start (UTC)',
    'Expiry (UTC)',
    'Amount (USD)',
    'Payment status',
    'Created (UTC)',
  ]);

  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(
    panel(page).getByRole('status').filter({ hasText: 'Payment received: your placement month runs until' }),
  ).toBeVisible();
  await expect(panel(page).getByText(/^Active until \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2} UTC$/)).toBeVisible();
  // the return's query is taken off the address: a reload asks nothing again
  await expect(page).toHaveURL(/\/vps$/);
  await expect(panel(page).getByText(/^A month bought now starts when the active one ends, on /)).toBeVisible();

  await panel(page).getByRole('link', { name: 'My Purchase History' }).click();
  await expect(page).toHaveURL(/\/purchase-history$/);
  await expect(purchaseRows(page)).toHaveCount(1);
  await expect(purchaseRows(page).first()).toContainText('Collected');
  await expect(purchaseRows(page).first()).not.toContainText('Not started');
  await history.reload();
  await expect(purchaseRows(history).first()).toContainText('Collected');
});

test('a declined card buys nothing: the page says so and the history shows Fail to receive', async ({
  page,
  request,
}) => {
  await openVps(page, request);
  await startCheckout(page);
  await page.getByRole('button', { name: 'Decline (a failed card)' }).click();

  await expect(panel(page).getByRole('alert')).toHaveText(/Your payment was declined/);
  await expect(page).toHaveURL(/\/vps$/);
  await expect(panel(page).getByText('Not subscribed')).toBeVisible();

  await page.goto('/purchase-history');
  await expect(purchaseRows(page)).toHaveCount(1);
  await expect(purchaseRows(page).first()).toContainText('Fail to receive');
  await expect(purchaseRows(page).first().getByText('Not started')).toBeAttached();
});

test('cancelling the checkout closes it: the page says so and the history shows Cancelled', async ({
  page,
  request,
}) => {
  await openVps(page, request);
  await startCheckout(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(panel(page).getByRole('status').filter({ hasText: 'The checkout was cancelled' })).toBeVisible();
  await expect(page).toHaveURL(/\/vps$/);
  await expect(panel(page).getByText('Not subscribed')).toBeVisible();

  await page.goto('/purchase-history');
  await expect(purchaseRows(page)).toHaveCount(1);
  await expect(purchaseRows(page).first()).toContainText('Cancelled');
});

test('a payment still being processed on return is asked about again until the provider says it went through', async ({
  page,
  request,
  baseURL,
}) => {
  const partner = await registerPartner(request);
  const { checkoutPath, sessionId } = await purchaseThroughApi(request, partner, baseURL as string);
  await signIn(page, partner);
  // back on the success page while the checkout is still open, as after an asynchronous payment method
  await page.goto(`/vps?checkout=success&session_id=${sessionId}`);
  await expect(panel(page).getByRole('status').filter({ hasText: 'Your payment is being processed' })).toBeVisible();
  await answerCheckout(request, checkoutPath, 'pay');
  await expect(
    panel(page).getByRole('status').filter({ hasText: 'Payment received: your placement month runs until' }),
  ).toBeVisible();
  await expect(panel(page).getByText(/^Active until /)).toBeVisible();
  await expect(page).toHaveURL(/\/vps$/);
});

test('a partner without purchases is offered a month of AR placement', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/purchase-history');
  await expect(results(page)).toHaveText('No purchases yet.');
  await expect(pager(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Buy a month of AR placement' }).click();
  await expect(page).toHaveURL(/\/vps$/);
  await expect(buyButton(page)).toBeVisible();
});

test('filters purchases by payment status and creation days, and pages them only past ten', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  const partner = await registerPartner(request);
  await purchaseThroughApi(request, partner, origin, 'pay');
  await purchaseThroughApi(request, partner, origin, 'decline');
  for (let i = 0; i < 8; i += 1) await purchaseThroughApi(request, partner, origin);
  await signIn(page, partner);

  await page.goto('/purchase-history');
  await expect(results(page)).toHaveText('Showing 10 purchases.');
  await expect(purchaseRows(page)).toHaveCount(10);
  await expect(pager(page)).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // SPEC §4's labels are the options
  const status = filters(page).getByLabel('Payment status');
  await expect(status.getByRole('option')).toHaveText([
    'All statuses',
    'Processing',
    'Collected',
    'Fail to receive',
    'Cancelled',
  ]);
  await status.selectOption({ label: 'Collected' });
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(results(page)).toHaveText('Showing 1 purchase matching the filters.');
  await expect(purchaseRows(page)).toHaveCount(1);
  await expect(purchaseRows(page).first()).toContainText('Collected');
  await expect(page).toHaveURL(/status=Successed/);

  await status.selectOption({ label: 'Fail to receive' });
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(purchaseRows(page)).toHaveCount(1);
  await expect(purchaseRows(page).first()).toContainText('Fail to receive');

  await status.selectOption({ label: 'Processing' });
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(purchaseRows(page)).toHaveCount(8);

  // no future day is offered; a past range that leaves today out finds nothing
  const from = filters(page).getByLabel('Created from');
  const to = filters(page).getByLabel('Created to');
  await expect(to).toHaveAttribute('max', utcDay(0));
  await status.selectOption({ label: 'All statuses' });
  await from.fill(utcDay(-10));
  await to.fill(utcDay(-1));
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(results(page)).toHaveText('No purchase matches these filters.');
  await expect(page.getByText('No purchase matches these filters. Try a wider date range')).toBeVisible();
  await expect(purchasesTable(page)).toHaveCount(0);

  // a range that ends today finds them all again
  await to.fill(utcDay(0));
  await filters(page).getByRole('button', { name: 'Search' }).click();
  await expect(results(page)).toHaveText('Showing 10 purchases matching the filters.');

  await filters(page).getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/purchase-history#purchases$/);
  await expect(filters(page).getByLabel('Payment status')).toBeFocused();

  // the eleventh purchase brings the pager
  await purchaseThroughApi(request, partner, origin);
  await page.goto('/purchase-history');
  await expect(results(page)).toHaveText('Showing 1–10 of 11 purchases.');
  await expect(pager(page)).toBeVisible();
  await pager(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(results(page)).toHaveText('Showing 11–11 of 11 purchases.');
  await expect(purchaseRows(page)).toHaveCount(1);
  // newest first: the oldest purchase, the paid one, is last
  await expect(purchaseRows(page).first()).toContainText('Collected');
  await expect(page).toHaveURL(/page=2/);
});
