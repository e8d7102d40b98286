import { VIEWPORTS } from '../../fixtures/layout.ts';
import { codeFor, expect, registerPartner, test, uniqueEmail } from '../../fixtures/test.ts';

test('a partner resets the password in two steps and logs in with the new one', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot Password');
  await page.getByLabel('Email').fill(partner.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Verification code has been sent')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Step 2: a new password' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeFor(request, partner.email));
  await page.getByLabel('New password').fill('Brand5New');
  await page.getByLabel('Confirm password').fill('Brand5New');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Reset Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(partner.email);
  await form.getByLabel('Password').fill('Brand5New');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('an unknown email gets the same answer as a partner, and no mail', async ({ page, outbox }) => {
  const stranger = uniqueEmail('stranger');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Verification code has been sent')).toBeVisible();
  await expect(page.getByText(`If ${stranger} belongs to a partner account, we sent it a code.`)).toBeVisible();
  await page.getByLabel('Verification code').fill('000000');
  await page.getByLabel('New password').fill('Brand5New');
  await page.getByLabel('Confirm password').fill('Brand5New');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();
  expect((await outbox()).filter((mail) => mail.to === stranger)).toEqual([]);
});

test('the reset forms show their messages', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Please input the email')).toBeVisible();
  await page.getByLabel('Email').fill(partner.email);
  await page.getByRole('button', { name: 'Send Code' }).click();

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('please complete the form')).toBeVisible();
  await expect(page.getByText('Please input verification code')).toBeVisible();
  await expect(page.getByText('Please input the password', { exact: true })).toBeVisible();
  await expect(page.getByText('Please input the password again')).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await expect(page.getByText('Password format incorrect')).toBeVisible();
  await page.getByLabel('New password').fill('Brand5New');
  await page.getByLabel('Confirm password').fill('Brand5Old');
  await expect(page.getByText("Two inputs don't match!")).toBeVisible();
  await page.getByLabel('Confirm password').fill('Brand5New');
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/The verification code is incorrect\.|Too many wrong/)).toBeVisible();
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`"please complete the form" goes once the form is complete, and does not follow the partner to the next step (${width})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = await registerPartner(request);
    await page.goto('/forgot-password');
    const notifications = page.getByRole('region', { name: 'Notifications' });
    // Enter in the empty email field submits the step: the form asks to be completed (once the page is the app's:
    // a prerendered page submits itself before)
    await expect(async () => {
      await page.getByLabel('Email').press('Enter');
      await expect(notifications.getByText('please complete the form')).toBeVisible({ timeout: 1000 });
    }).toPass();
    await page.getByLabel('Email').fill(partner.email);
    await expect(notifications.getByText('please complete the form')).toBeHidden();

    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2: a new password' })).toBeVisible();
    await expect(notifications.getByText('please complete the form')).toHaveCount(0);
  });
}
