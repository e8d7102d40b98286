import type { Page } from '@playwright/test';
import { routeTable } from '../../../apps/web/src/app/route-table.ts';
import { expect, holdRequests, registerPartner, signIn, test } from '../../fixtures/test.ts';

const HOME_HEADING = 'Put your games and 3D worlds into the real one';
const publicRoutes = routeTable.filter((route) => !(route.guards as readonly string[]).includes('auth'));

interface PrerenderProbe {
  /** The page's heading as the HTML parser built it, before any script of the page ran. */
  parsedHeading?: Element | null;
  /** Set once the page has run; a full page load would start over without it. */
  sameDocument?: boolean;
}

/** Remembers the heading the parser built from the HTML: deferred (module) scripts run only after this point. */
async function probeParsedHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as PrerenderProbe).parsedHeading = document.querySelector('h1');
      }
    });
  });
}

/** Hydration adopts the nodes the HTML made; a mismatch would have React draw the page again from scratch. */
async function expectParsedHeadingKept(page: Page) {
  const isKept = await page.evaluate(() => {
    const { parsedHeading } = window as PrerenderProbe;
    return parsedHeading?.isConnected === true && parsedHeading === document.querySelector('h1');
  });
  expect(isKept, 'the heading is the node the HTML parser made').toBe(true);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content, header and title from its HTML alone', async ({ page }) => {
    for (const route of publicRoutes) {
      await page.goto(route.path);
      const heading = route.path === '/' ? HOME_HEADING : route.name;
      await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(heading);
      await expect(page, route.path).toHaveTitle(`${route.name} · Lumora Partner Portal`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Login' }), route.path).toHaveAttribute('href', '/login');
      await expect(page.getByRole('contentinfo'), route.path).toContainText('Lumora Limited');
    }
    await page.goto('/business');
    await expect(page.getByRole('heading', { name: 'Reach people where they are' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Become a business partner' })).toBeVisible();
  });
});

test('the app takes over a prerendered page without redrawing it, and navigates in place', async ({ page }) => {
  const errors = collectErrors(page);
  await probeParsedHeading(page);
  await page.goto('/business');
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveTitle('Business Partners · Lumora Partner Portal');
  await expectParsedHeadingKept(page);

  await page.evaluate(() => {
    (window as PrerenderProbe).sameDocument = true;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers');
  await expect(page).toHaveTitle('Developers · Lumora Partner Portal');
  expect(await page.evaluate(() => (window as PrerenderProbe).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('a signed-in partner gets My Account in place of Login once the prerendered page is taken over', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  await signIn(page, await registerPartner(request));
  await probeParsedHeading(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'My Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await expectParsedHeadingKept(page);
  await nav.getByRole('button', { name: 'My Account' }).click();
  await nav.getByRole('link', { name: 'My Projects' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects');
  expect(errors).toEqual([]);
});

test('a form typed into before the app runs keeps what was typed, and is sent only once the app runs', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const releaseApp = await holdRequests(page, '**/assets/index-*.js');
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  const login = form.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  // the browser's own submission would put the password in the address
  await form.getByLabel('Password').press('Enter');

  releaseApp();
  await login.click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects');
});
