import type { Locator, Page } from '@playwright/test';
import { codeFor, expect, registerPartner, test, uniqueEmail } from '../../fixtures/test.ts';

/** The toasts on the login page: its only statuses and alerts. */
const toasts = (page: Page) => page.getByRole('status').or(page.getByRole('alert'));

async function failLogin(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('Wrong1234');
  await form.getByRole('button', { name: 'Login' }).click();
  return page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' });
}

/** Fills the register form of /login with a registration the server refuses: a code it never sent. */
async function fillRefusedRegistration(form: Locator, email: string) {
  await form.getByLabel('First name').fill('Noah');
  await form.getByLabel('Last name').fill('Wong');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret123');
  await form.getByLabel('Confirm password').fill('Secret123');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Verification code').fill('000000');
  await form.getByLabel('Registered address').fill('9 Canton Road, Tsim Sha Tsui');
}

function overlaps(a: { y: number; height: number }, b: { y: number; height: number }) {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectClearOfHeader(page: Page, toast: Locator) {
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(
    header && box && !overlaps(header, box),
    `toast ${JSON.stringify(box)}, header ${JSON.stringify(header)}`,
  ).toBe(true);
}

test('toasts sit below the header on a wide screen and at the bottom of a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await page.getByRole('form', { name: 'Register' }).getByRole('button', { name: 'Register' }).click();
  const warning = page.getByRole('status').filter({ hasText: 'please complete the form' });
  await expect(warning).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectClearOfHeader(page, warning);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectClearOfHeader(page, warning);
  const box = await warning.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(844 - 40);
});

test('an error stays until it is dismissed', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.clock.install();
  await page.goto('/login');
  const error = await failLogin(page, partner.email);
  await expect(error).toBeVisible();
  await page.clock.fastForward(60_000);
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: 'Dismiss' }).click();
  await expect(error).toBeHidden();
});

test('a notice waits while the pointer is on it or the focus is in it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  const submit = page.getByRole('form', { name: 'Register' }).getByRole('button', { name: 'Register' });
  const warning = page.getByRole('status').filter({ hasText: 'please complete the form' });

  await submit.click();
  await warning.hover();
  await page.clock.fastForward(30_000);
  await expect(warning).toBeVisible();
  await page.mouse.move(5, 400);
  await page.clock.fastForward(30_000);
  await expect(warning).toBeHidden();

  await submit.click();
  await warning.getByRole('button', { name: 'Dismiss' }).focus();
  await page.clock.fastForward(30_000);
  await expect(warning).toBeVisible();
  await submit.focus();
  await page.clock.fastForward(30_000);
  await expect(warning).toBeHidden();
});

test('at most three toasts show, the newest ones', async ({ page, request }) => {
  const partner = await registerPartner(request);
  // The page's time stands still once it has loaded: a slow machine must not let the first toast time out.
  await page.clock.install();
  await page.goto('/login');
  await page.clock.pauseAt(Date.now() + 60_000);
  const register = page.getByRole('form', { name: 'Register' });
  await fillRefusedRegistration(register, uniqueEmail('toasts'));
  await register.getByLabel('I have read and accept the').check();
  await register.getByRole('button', { name: 'Register' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'verification code' });
  await expect(refused).toBeVisible();

  await register.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verification code has been sent' })).toBeVisible();
  await expect(await failLogin(page, partner.email)).toBeVisible();
  await register.getByLabel('First name').fill('');
  await register.getByRole('button', { name: 'Register' }).click();

  await expect(toasts(page)).toHaveText([
    /Verification code has been sent/,
    /The email or password is incorrect\./,
    /please complete the form/,
  ]);
  await expect(refused).toBeHidden();
});

test("a form's warning goes once the form is complete, and its refusals once it goes through", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('stale');
  await page.clock.install();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  await fillRefusedRegistration(form, email);
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verification code has been sent' })).toBeVisible();
  await form.getByRole('button', { name: 'Register' }).click();
  const warning = page.getByRole('status').filter({ hasText: 'please complete the form' });
  await expect(warning).toBeVisible();

  await form.getByLabel('I have read and accept the').check();
  await form.getByRole('button', { name: 'Register' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The verification code is incorrect.' });
  await expect(refused).toBeVisible();
  await expect(warning).toBeHidden({ timeout: 1000 });

  await form.getByLabel('Verification code').fill(await codeFor(request, email));
  // a person takes longer than the 800 ms click throttle to try again
  await page.clock.runFor(1000);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registered Successfully' })).toBeVisible();
  await expect(refused).toBeHidden({ timeout: 1000 });
  await expect(toasts(page)).toHaveText([/Registered Successfully/, /Please connect the stripe account first\./]);
});
