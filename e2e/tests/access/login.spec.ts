import type { Page } from '@playwright/test';
import { MY_PROJECTS_PATH } from '@portal/contracts/pages';
import { expect, registerPartner, signIn, TOKEN_KEY, test } from '../../fixtures/test.ts';

test('a partner logs in and lands on My Projects', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('login follows the redirect query back to the page that asked for it', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
});

test('a redirect to another site is ignored', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/login?redirect=//evil.example/steal');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill(partner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('the login form shows its messages', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Please input the email')).toBeVisible();
  await expect(form.getByText('Please input password')).toBeVisible();
  await form.getByLabel('Email').fill('mia@studio');
  await expect(form.getByText('Incorrect email format')).toBeVisible();
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill('Wrong1234');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('Log out from the My Account menu ends the session and goes Home', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/developers');
  await expect(page.getByRole('link', { name: 'Register now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'My Account' }).click();
  for (const item of ['My Projects', 'My Project Income', 'My Purchase History', 'Edit Profile']) {
    await expect(page.getByRole('link', { name: item })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  const profile = await request.get('/api/Access/Profile', {
    headers: { authorization: `Bearer ${partner.accessToken}` },
  });
  expect(profile.status()).toBe(401);
});

/** Log out, from the My Account menu. */
async function logOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
}

/** Home, without a query (no page to come back to), signed out: Login in the menu and no token kept. */
async function expectSignedOutAtHome(page: Page, options: { timeout?: number } = {}) {
  await expect(page).toHaveURL(/^[^?]*\/$/, options);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
}

test('Log out from a page that needs a session goes Home, not to the login page with that page to come back to', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  await page.goto('/');
  for (const guarded of [MY_PROJECTS_PATH, '/commission']) {
    const login = await request.post('/api/Access/Login', {
      data: { email: partner.email, password: partner.password },
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    await page.evaluate(
      ([key, token]) => localStorage.setItem(key as string, token as string),
      [TOKEN_KEY, accessToken],
    );
    await page.goto(guarded);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await logOutFromMenu(page);
    await expectSignedOutAtHome(page);
    const profile = await request.get('/api/Access/Profile', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(profile.status()).toBe(401);
  }
});

test('Log out goes Home even when the server does not answer: the session is dropped in the browser anyway', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto(MY_PROJECTS_PATH);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toHaveCount(0);
  // the request is held and never answered
  await page.route('**/api/Access/Logout', () => {});
  await logOutFromMenu(page);
  await expectSignedOutAtHome(page, { timeout: 10_000 });
});

test('a session revoked on the server lands on login with the expiry message', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  const revoked = await request.post('/api/Access/Logout', {
    headers: { authorization: `Bearer ${partner.accessToken}` },
  });
  expect(revoked.status()).toBe(204);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('The user has expired, please login again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
});

test('the demo partner that npm start prints can log in', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill('demo@lumora.example');
  await form.getByLabel('Password').fill('Demo1234');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your Stripe Account' })).toBeVisible();
});
