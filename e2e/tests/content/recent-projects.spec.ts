import type { Locator } from '@playwright/test';
import { expect, registerConnectedPartner, seedSubmittedGame, test } from '../../fixtures/test.ts';

/** The public details of a seeded game (see createGame): its introduce, its price, where to get it. */
async function expectGameDetails(dialog: Locator) {
  await expect(dialog.getByText('Multiplayer AR tag')).toBeVisible();
  await expect(dialog.getByText('4.99 USD')).toBeVisible();
  await expect(dialog.getByText('AR game')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(dialog.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /play\.google\.com/);
  await expect(dialog.locator('img')).toHaveCount(2);
  // each image loads (a busy machine may still be fetching it when the text is there); a broken one never does
  for (const image of await dialog.locator('img').all()) {
    await expect
      .poll(() =>
        image.evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0)),
      )
      .toBeGreaterThan(0);
  }
}

test("a released game's card on Developers opens its public details", async ({ page, request }) => {
  const { game } = await seedSubmittedGame(request, await registerConnectedPartner(request), 'released');
  await page.goto('/developers');
  const gallery = page.getByRole('region', { name: 'Recent Projects' });
  await gallery.getByRole('button', { name: game.name }).click();
  const dialog = page.getByRole('dialog', { name: game.name });
  await expectGameDetails(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(gallery.getByRole('button', { name: game.name })).toBeFocused();
});

test('Home lists the recently released games, each opening its public details', async ({ page, request }) => {
  const { game } = await seedSubmittedGame(request, await registerConnectedPartner(request), 'released');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recently released' });
  await page.getByRole('heading', { name: 'Built for studios that ship' }).scrollIntoViewIfNeeded();
  await recent.getByRole('button', { name: game.name }).click();
  await expectGameDetails(page.getByRole('dialog', { name: game.name }));
  await page.getByRole('dialog', { name: game.name }).getByRole('button', { name: 'Close' }).click();
  await recent.getByRole('link', { name: 'More on the Developers page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers');
});

test('Home fetches its recent releases only once the visitor scrolls towards them', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/Product/Recent')) calls.push(request.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  await page.getByRole('heading', { name: 'Built for studios that ship' }).scrollIntoViewIfNeeded();
  await expect.poll(() => calls.length).toBe(1);
});
