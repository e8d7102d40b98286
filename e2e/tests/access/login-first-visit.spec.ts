import type { Page, Route } from '@playwright/test';
import { expect, registerPartner, test } from '../../fixtures/test.ts';

/** zod's core names its base schema class `$ZodType`: a script that holds it is the forms' validation. */
const isZod = (body: string) => body.includes('$ZodType');

/** The scripts the page downloads, with whether each holds zod. */
function watchScripts(page: Page) {
  const scripts: { url: string; zod: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), zod: isZod(body) });
  });
  return { zodScripts: () => scripts.filter((script) => script.zod).map((script) => script.url) };
}

/** Holds back every script that holds zod until `release` is called. */
async function holdZod(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route('**/assets/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (isZod(body)) {
        held.push(route.request().url());
        await released;
      }
      await route.fulfill({ response, body });
    } catch {
      // the page went on (or closed) while a script was on its way: nothing waits for it any more
    }
  });
  return { release, held: () => held };
}

test('the Login page takes its HTML over without zod, and loads it when a visitor reaches a form', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  // the app has taken the page over: the prerendered Login button is enabled
  await expect(form.getByRole('button', { name: 'Login' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(scripts.zodScripts()).toEqual([]);

  await form.getByLabel('Email').focus();
  await expect.poll(() => scripts.zodScripts().length).toBeGreaterThan(0);
  await form.getByLabel('Email').fill('mia@studio');
  await form.getByLabel('Email').blur();
  await expect(form.getByText('Incorrect email format')).toBeVisible();
});

test('a login sent before the form has its schema is checked and sent once the schema is in', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const zod = await holdZod(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  const login = form.getByRole('button', { name: 'Login' });
  await expect(login).toBeEnabled();

  // sent empty while zod is held: nothing is said until it can be checked, then the form's own messages
  await login.click();
  await expect.poll(() => zod.held().length).toBeGreaterThan(0);
  await expect(form.getByText('Please input the email')).toHaveCount(0);
  zod.release();
  await expect(form.getByText('Please input the email')).toBeVisible();
  await expect(form.getByText('Please input password')).toBeVisible();

  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await login.click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('a login filled in and sent with Enter while zod is still downloading goes through', async ({ page, request }) => {
  const partner = await registerPartner(request);
  const zod = await holdZod(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form.getByRole('button', { name: 'Login' })).toBeEnabled();
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await form.getByLabel('Password').press('Enter');
  await expect.poll(() => zod.held().length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/login$/);
  zod.release();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('Send Code on the registration form checks the email once zod is in, then sends the code', async ({ page }) => {
  const zod = await holdZod(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  const sendCode = form.getByRole('button', { name: 'Send Code' });
  await expect(sendCode).toBeEnabled();
  await sendCode.click();
  await expect.poll(() => zod.held().length).toBeGreaterThan(0);
  zod.release();
  await expect(form.getByText('Please input the email')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();
});

test('what a visitor typed before the app took the page over is checked once it has', async ({ page }) => {
  // every script waits: the prerendered form is all there is while the visitor types
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    } catch {
      // the page went on while a script was on its way
    }
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Register' });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('secret');
  await password.blur();
  await expect(form.getByRole('button', { name: 'Send Code' })).toBeDisabled();
  release();
  // no further focus, key or click: the typed password is checked as soon as the form's schema is in
  await expect(form.getByText('Password format incorrect')).toBeVisible();
});
