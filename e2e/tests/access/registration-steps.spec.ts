import { expect, test } from '../../fixtures/test.ts';

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`the login page's three steps sit side by side at ${width} px, each label under its number`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/login');
    const steps = page.getByRole('list', { name: 'How it works' }).getByRole('listitem');
    await expect(steps).toHaveText(['1Registered', '2Submitted', '3Waiting for approval']);
    const boxes = await steps.evaluateAll((items) =>
      items.map((item) => {
        const number = item.firstElementChild?.getBoundingClientRect();
        const label = item.lastElementChild?.getBoundingClientRect();
        const box = item.getBoundingClientRect();
        return { item: { left: box.left, right: box.right }, number, label };
      }),
    );
    for (const [index, { item, number, label }] of boxes.entries()) {
      expect(number?.top).toBe(boxes[0]?.number?.top);
      expect(label?.top ?? 0).toBeGreaterThanOrEqual(number?.bottom ?? 0);
      expect(label?.left ?? 0).toBeGreaterThanOrEqual(item.left);
      expect(label?.right ?? 0).toBeLessThanOrEqual(item.right);
      if (index > 0) expect(number?.left ?? 0).toBeGreaterThan(boxes[index - 1]?.number?.right ?? 0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
