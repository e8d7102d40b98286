import type { Locator } from '@playwright/test';
import { expect, registerPartner, signIn, test } from '../../fixtures/test.ts';

const ACCOUNT_ITEMS = ['My Projects', 'My Project Income', 'My Purchase History', 'Edit Profile', 'Log out'];

/** WCAG contrast of an element's text against the first opaque background behind it. */
async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let background: number[] = [255, 255, 255];
    for (let current: Element | null = node; current; current = current.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(current).backgroundColor);
      if (a === 1) {
        background = [r, g, b];
        break;
      }
    }
    const [lighter, darker] = [luminance(rgb(getComputedStyle(node).color)), luminance(background)].sort(
      (x, y) => y - x,
    );
    return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
  });
}

/** Opens My Account and checks its items: one under the other, each on one line, readable (AA). */
async function expectReadableStackedMenu(menu: Locator) {
  const items = ACCOUNT_ITEMS.map((name) => menu.getByRole(name === 'Log out' ? 'button' : 'link', { name }));
  const boxes = [];
  for (const item of items) {
    await expect(item).toBeVisible();
    boxes.push(await item.boundingBox());
    expect(await textContrast(item)).toBeGreaterThanOrEqual(4.5);
  }
  const [first] = boxes;
  for (const [index, box] of boxes.entries()) {
    expect(box?.x).toBe(first?.x);
    expect(box?.height).toBe(first?.height);
    if (index > 0) expect(box?.y ?? 0).toBeGreaterThanOrEqual((boxes[index - 1]?.y ?? 0) + (first?.height ?? 0));
  }
}

test.describe('the My Account menu', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, await registerPartner(request));
  });

  for (const [path, header] of [
    ['/', 'dark'],
    ['/faqs', 'light'],
  ] as const) {
    test(`stacks its items, each readable on one line, under the ${header} header of ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      const trigger = page.getByRole('button', { name: 'My Account' });
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expectReadableStackedMenu(page.locator(`#${await trigger.getAttribute('aria-controls')}`));
    });
  }

  test('stacks its items, each readable, in the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const trigger = page.getByRole('button', { name: 'My Account' });
    await trigger.click();
    await expectReadableStackedMenu(page.locator(`#${await trigger.getAttribute('aria-controls')}`));
  });

  test('closes on Escape and gives the focus back to its button', async ({ page }) => {
    await page.goto('/faqs');
    const trigger = page.getByRole('button', { name: 'My Account' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'My Projects' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'My Projects' })).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
  });

  test('closes when the focus moves on past it', async ({ page }) => {
    await page.goto('/faqs');
    const trigger = page.getByRole('button', { name: 'My Account' });
    await trigger.click();
    await page.getByRole('button', { name: 'Log out' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('in the phone menu, Escape closes the account list first and then the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/faqs');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const trigger = page.getByRole('button', { name: 'My Account' });
    await trigger.click();
    await page.getByRole('link', { name: 'Edit Profile' }).focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('on a phone, Escape closes the menu and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/faqs');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Developers' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
