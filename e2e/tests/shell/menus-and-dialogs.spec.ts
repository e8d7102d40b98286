import type { Locator, Page } from '@playwright/test';
import { contrastRatio, menuLayoutProblems, overlaps, VIEWPORTS, type ViewportName } from '../../fixtures/layout.ts';
import { createGame, expect, registerConnectedPartner, signIn, test } from '../../fixtures/test.ts';

/** The element a disclosure button opens, found through its aria-controls. */
async function controlledBy(page: Page, trigger: Locator): Promise<Locator> {
  const id = await trigger.getAttribute('aria-controls');
  expect(id, 'the trigger names what it opens').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Text that must be readable inside `scope`: its links, buttons, headings and paragraphs. */
async function contrastProblems(scope: Locator): Promise<string[]> {
  const problems: string[] = [];
  const texts = scope.locator('a, button, h1, h2, h3, p, li, label, span');
  for (let i = 0; i < (await texts.count()); i += 1) {
    const text = texts.nth(i);
    if (!(await text.isVisible()) || !(await text.innerText()).trim()) continue;
    const ratio = await contrastRatio(text);
    if (ratio < 4.5) problems.push(`"${(await text.innerText()).trim()}": ${ratio.toFixed(2)}:1`);
  }
  return problems;
}

async function insideViewport(page: Page, locator: Locator) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await locator.boundingBox();
  expect(box, 'it is displayed').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

for (const path of ['/', '/developers']) {
  test(`the My Account menu on ${path} at desktop width: stacked items, each on one line, readable`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, await registerConnectedPartner(request));
    await page.goto(path);
    const trigger = page.getByRole('button', { name: 'My Account' });
    await trigger.click();
    const menu = await controlledBy(page, trigger);
    await expect(menu).toBeVisible();
    const items = menu.locator('a, button');
    await expect(items.filter({ hasText: 'Log out' })).toBeVisible();
    expect(await menuLayoutProblems(page, items)).toEqual([]);
  });
}

test('the phone menu: stacked, readable, inside the screen, with the account menu, closed by Escape', async ({
  page,
  request,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page, await registerConnectedPartner(request));
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const nav = await controlledBy(page, toggle);
  await toggle.click();
  await expect(nav).toBeVisible();
  expect(await menuLayoutProblems(page, nav.getByRole('link'))).toEqual([]);
  const account = nav.getByRole('button', { name: 'My Account' });
  await account.click();
  const accountMenu = await controlledBy(page, account);
  expect(await menuLayoutProblems(page, accountMenu.locator('a, button'))).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Business Partners' })).toBeHidden();
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`a confirm dialog on a ${viewport}: inside the screen, its buttons inside it, readable`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(VIEWPORTS[viewport]);
    const partner = await registerConnectedPartner(request);
    const game = await createGame(request, partner, { name: 'Confirm Layout Check' });
    await signIn(page, partner);
    await page.goto(
      `/developers/my-project/detail?${new URLSearchParams({ name: game.name, id: game.id, type: 'game' })}`,
    );
    await page.getByRole('button', { name: 'Delete Project' }).click();
    const dialog = page.getByRole('dialog', { name: /Delete/ });
    await expect(dialog).toBeVisible();
    await insideViewport(page, dialog);
    const dialogBox = await dialog.boundingBox();
    for (const name of ['Cancel', 'Delete']) {
      const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && dialogBox && box.x >= dialogBox.x && box.x + box.width <= dialogBox.x + dialogBox.width).toBe(true);
    }
    expect(await contrastProblems(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test(`a toast on a ${viewport}: inside the screen, clear of the header's links, readable`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await signIn(page, await registerConnectedPartner(request));
    await page.goto('/profile');
    await page.getByRole('button', { name: /Save|Update/ }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Update Successfully' });
    await expect(notice).toBeVisible();
    await insideViewport(page, notice);
    const noticeBox = await notice.boundingBox();
    const controls = page.getByRole('banner').locator('a, button');
    for (let i = 0; i < (await controls.count()); i += 1) {
      const control = controls.nth(i);
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      if (box && noticeBox)
        expect(overlaps(box, noticeBox), `the toast covers "${await control.innerText()}"`).toBe(false);
    }
    expect(await contrastProblems(notice)).toEqual([]);
  });
}
