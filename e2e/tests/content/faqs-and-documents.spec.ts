import { expect, test } from '../../fixtures/test.ts';

test('FAQs appear in two columns in the order of their order field', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/Faq')).json()) as {
    data: Array<{ question: string; order: number }>;
  };
  const expected = [...data].sort((a, b) => a.order - b.order).map((faq) => faq.question);
  await page.goto('/faqs');
  const questions = page.getByTestId('faq').getByRole('heading');
  await expect(questions).toHaveText(expected);
  const [first, second] = await Promise.all([
    page.getByTestId('faq').nth(0).boundingBox(),
    page.getByTestId('faq').nth(1).boundingBox(),
  ]);
  expect(first && second && second.x > first.x).toBe(true);
});

test('Document opens the first document and switches on click', async ({ page }) => {
  await page.goto('/document');
  const docs = page.getByRole('navigation', { name: 'Documents' });
  await expect(docs.getByRole('button')).toHaveCount(5);
  await expect(page.getByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
  await docs.getByRole('button', { name: /Realtime game API/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Realtime game API' })).toBeVisible();
  await expect(docs.getByRole('button', { name: /Realtime game API/ })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Realtime game API' })).toBeVisible();
});

test('Developers offers the SDK, its documentation and registration', async ({ page }) => {
  await page.goto('/developers');
  for (const card of ['Confidential', 'Fast Solutions', 'Customer Cares', 'Legal Content']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'View SDK Document' })).toHaveAttribute('href', '/documentation.html');
  await expect(page.getByRole('link', { name: 'SDK download' })).toHaveAttribute(
    'href',
    '/downloads/lumora-ar-game-sdk-1.17.0.zip',
  );
  await page.getByRole('link', { name: 'Register now' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the SDK documentation page and the SDK download are served', async ({ request }) => {
  const docs = await request.get('/documentation.html');
  expect(docs.status()).toBe(200);
  expect(await docs.text()).toContain('Realtime game API');
  const sdk = await request.get('/downloads/lumora-ar-game-sdk-1.17.0.zip');
  expect(sdk.status()).toBe(200);
  expect(sdk.headers()['content-type']).toBe('application/zip');
  expect((await sdk.body()).subarray(0, 2).toString()).toBe('PK');
});

test("Creator's World offers the macOS app, the guide and registration", async ({ page }) => {
  await page.goto('/creator');
  await expect(page.getByRole('link', { name: 'Download for macOS' })).toHaveAttribute('href', /^https:\/\//);
  for (const step of ['Find the location', 'Place objects on the 3D map', 'Publish and check in the mobile app']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  for (const type of ['Images', 'Videos', '3D Assets', 'Special Utilities']) {
    await expect(page.getByRole('heading', { name: type, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Register a partnership account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('About names the partner contact address', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'partners@lumora.example' })).toHaveAttribute(
    'href',
    'mailto:partners@lumora.example',
  );
});
