import type { Locator, Page } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  consoleEntry,
  createGame,
  expect,
  gameDetailUrl,
  registerConnectedPartner,
  seedSubmittedGame,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

interface Colors {
  background: string;
  text: string;
}

const colorsOf = (pill: Locator): Promise<Colors> =>
  pill.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast({ background, text }: Colors): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(background), luminance(text)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test('a status has one colour wherever it shows, rejected is not draft, and every pill is readable', async ({
  page,
  browser,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const draft = await createGame(request, partner, { name: 'Palette Draft' });
  const released = await seedSubmittedGame(request, partner, 'released');
  const waiting = await seedSubmittedGame(request, partner);
  const rejected = await seedSubmittedGame(request, partner, 'under-review');
  const admin = await signInAdmin(request);
  const reject = await request.put(`/api/Admin/Review/Reject/${rejected.versionId}`, {
    headers: authHeaders(admin),
    data: { reason: 'The lobby music is not licensed.' },
  });
  expect(reject.ok()).toBe(true);

  await signIn(page, partner);
  await page.goto('/developers/my-project');
  const card = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  const onMyProjects = {
    draft: await colorsOf(card(draft.name).getByText('Draft', { exact: true })),
    released: await colorsOf(card(released.game.name).getByText('Released', { exact: true })),
    waiting: await colorsOf(card(waiting.game.name).getByText('Waiting for Review', { exact: true })),
    rejected: await colorsOf(card(rejected.game.name).getByText('Rejected', { exact: true })),
  };
  const backgrounds = new Set(Object.values(onMyProjects).map((colors) => colors.background));
  expect(backgrounds.size).toBe(4);
  for (const colors of Object.values(onMyProjects)) expect(contrast(colors)).toBeGreaterThanOrEqual(4.5);

  await page.goto(gameDetailUrl(released.game));
  const summary = page.getByRole('article', { name: released.game.name });
  expect(await colorsOf(summary.getByText('Released', { exact: true }))).toEqual(onMyProjects.released);
  const history = page.getByRole('table', { name: 'Version history' });
  expect(await colorsOf(history.getByText('Accepted And Released', { exact: true }))).toEqual(onMyProjects.released);

  await page.goto(gameDetailUrl(rejected.game));
  const release = page.getByRole('region', { name: 'Release version' });
  expect(await colorsOf(release.getByText('Rejected', { exact: true }))).toEqual(onMyProjects.rejected);

  const adminPage = await browser.newPage();
  await signIn(adminPage, admin);
  const entry = await consoleEntry(adminPage, waiting.game.name);
  expect(await colorsOf(entry.getByText(/Waiting for Review/))).toEqual(onMyProjects.waiting);
  await adminPage.close();
});

/**
 * Each status pill on the page that wraps: its text, where it takes more than one line. The version history's Status
 * column on a phone is narrow and its pills may take two lines there (and only there): pass `exceptHistory` to leave
 * them out.
 */
const wrappedPills = (page: Page, { exceptHistory = false } = {}) =>
  page
    .locator(exceptHistory ? '.status-pill:not(table[aria-label="Version history"] .status-pill)' : '.status-pill')
    .evaluateAll((pills) =>
      pills
        .filter(
          (pill) =>
            pill.getClientRects().length > 1 ||
            pill.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(pill).lineHeight),
        )
        .map((pill) => pill.textContent),
    );

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a status pill keeps to one line, and Detail's header names a status as its version panel does (${width})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = await registerConnectedPartner(request);
    const waiting = await seedSubmittedGame(request, partner);
    const reviewing = await seedSubmittedGame(request, partner, 'under-review');
    await signIn(page, partner);
    await page.goto('/developers/my-project');
    const card = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect(card(waiting.game.name).getByText('Waiting for Review', { exact: true })).toBeVisible();
    await expect(card(reviewing.game.name).getByText('Under Reviewing', { exact: true })).toBeVisible();
    expect(await wrappedPills(page)).toEqual([]);
    // and whole: none cut short by a narrow card
    expect(
      await page
        .locator('.status-pill')
        .evaluateAll((pills) =>
          pills.filter((pill) => pill.scrollWidth > pill.clientWidth + 1).map((pill) => pill.textContent),
        ),
    ).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`my-projects-${width}.png`), fullPage: true });

    for (const [seeded, label] of [
      [waiting, 'Waiting for Review'],
      [reviewing, 'Under Reviewing'],
    ] as const) {
      await page.goto(gameDetailUrl(seeded.game));
      const summary = page.getByRole('article', { name: seeded.game.name });
      const release = page.getByRole('region', { name: 'Release version' });
      await expect(summary.locator('.status-pill')).toHaveText(label);
      await expect(release.locator('.status-pill').first()).toHaveText(label);
      expect(await wrappedPills(page, { exceptHistory: width === 'phone' })).toEqual([]);
      // the history's pill is whole either way, never cut short
      const history = page.getByRole('table', { name: 'Version history' }).locator('.status-pill').first();
      expect(await history.evaluate((pill) => pill.scrollWidth <= pill.clientWidth + 1)).toBe(true);
      expect(await horizontalOverflow(page)).toEqual([]);
    }
  });
}
