import type { Page } from '@playwright/test';
import { authHeaders, expect, registerPartner, test } from '../../fixtures/test.ts';

/** The icons a page links, each fetched: every one must be an image the server has. */
async function expectLinkedIcons(page: Page) {
  const hrefs = await page
    .locator('link[rel~="icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(hrefs.length, page.url()).toBeGreaterThan(0);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toMatch(/^image\//);
  }
}

test('/favicon.ico is the brand mark as an icon file', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/x-icon');
  const body = await response.body();
  // an ICONDIR: reserved 0, type 1 (icon), then how many images it holds
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});

test('every HTML page of the server links an icon it serves', async ({ page, request }) => {
  test.setTimeout(90_000);
  for (const path of ['/', '/login', '/documentation.html', '/dev/outbox']) {
    await page.goto(path);
    await expectLinkedIcons(page);
  }

  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { level: 1, name: /Partner Portal API/ })).toBeVisible({ timeout: 30_000 });
  await expectLinkedIcons(page);

  const partner = await registerPartner(request);
  const urls = (await (
    await request.get('/api/Stripe/Connect/Url', { headers: authHeaders(partner) })
  ).json()) as Array<{ accountType: string; url: string }>;
  const consent = new URL(urls.find((u) => u.accountType === 'Standard')?.url ?? '', 'http://portal');
  await page.goto(`${consent.pathname}${consent.search}`);
  await expect(page.getByRole('heading', { name: 'Connect a Stripe Standard account' })).toBeVisible();
  await expectLinkedIcons(page);
});
