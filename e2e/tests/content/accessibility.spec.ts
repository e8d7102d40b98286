import { expect, seriousAxeViolations, test } from '../../fixtures/test.ts';

for (const path of ['/', '/about', '/business', '/creator', '/developers', '/faqs', '/contact', '/document']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
