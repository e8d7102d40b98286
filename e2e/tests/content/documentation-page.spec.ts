import { expect, seriousAxeViolations, test } from '../../fixtures/test.ts';

test('the SDK documentation fits a phone: contents above the documents, code and tables scrolling inside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/documentation.html');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const contents = page.getByRole('navigation', { name: 'Documents' });
  await expect(contents.getByRole('link')).toHaveText([
    'Getting started',
    'Realtime game API',
    '3D model guidelines',
    'VPS placement',
    'Ship builds from CI with the lumora CLI',
    'Open in the Partner Portal',
  ]);
  const contentsBox = await contents.boundingBox();
  const documentsBox = await page.getByRole('main').boundingBox();
  expect((contentsBox?.y ?? 0) + (contentsBox?.height ?? 0)).toBeLessThanOrEqual(documentsBox?.y ?? 0);

  const wide = await page.locator('main pre, main table').evaluateAll((blocks) =>
    blocks.map((block) => ({
      right: block.getBoundingClientRect().right,
      scrolls: block.scrollWidth > block.clientWidth,
      overflow: getComputedStyle(block).overflowX,
    })),
  );
  expect(wide.length).toBeGreaterThan(0);
  for (const block of wide) expect(block.right).toBeLessThanOrEqual(390);
  expect(wide.some((block) => block.scrolls)).toBe(true);
  for (const block of wide.filter((b) => b.scrolls)) expect(block.overflow).toBe('auto');

  await contents.getByRole('link', { name: 'Realtime game API' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Realtime game API' })).toBeInViewport();
});

test("the SDK documentation wears the portal's brand and leads back to it", async ({ page, baseURL }) => {
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQs');
  const portalLook = await page.evaluate(() => ({
    font: getComputedStyle(document.body).fontFamily,
    ink: getComputedStyle(document.body).color,
    banner: getComputedStyle(document.querySelector('.banner') as Element).backgroundImage,
  }));

  await page.goto('/documentation.html');
  await expect(page).toHaveTitle('SDK Documentation · Lumora Partner Portal');
  const home = page.getByRole('banner').getByRole('link', { name: 'Lumora Partner Portal, Home' });
  await expect(home).toHaveAttribute('href', `${baseURL}/`);
  expect(await home.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('navigation', { name: 'Partner Portal' }).getByRole('link')).toHaveText([
    'Developers',
    'Read in the portal',
  ]);
  expect(
    await page.evaluate(() => ({
      font: getComputedStyle(document.body).fontFamily,
      ink: getComputedStyle(document.body).color,
      banner: getComputedStyle(document.querySelector('.banner') as Element).backgroundImage,
    })),
  ).toEqual(portalLook);

  await home.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Put your games and 3D worlds into the real one');
});

test('the SDK documentation has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/documentation.html');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
