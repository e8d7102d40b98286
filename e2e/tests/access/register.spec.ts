import { codeFor, expect, test, uniqueEmail } from '../../fixtures/test.ts';

test('a new partner registers through the page with the mailed code', async ({ page, request }) => {
  const email = uniqueEmail('register');
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill('Noah');
  await form.getByLabel('Last name').fill('Wong');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret123');
  await form.getByLabel('Confirm password').fill('Secret123');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Verification code has been sent')).toBeVisible();
  await form.getByLabel('Verification code').fill(await codeFor(request, email));
  await form.getByLabel('Registered business name').fill('Wong Interactive');
  await form.getByLabel('Registered address').fill('9 Canton Road, Tsim Sha Tsui');
  await form.getByLabel('Introduce').fill('Two people making AR racing games.');
  await form.getByLabel('I have read and accept the').check();
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Registered Successfully')).toBeVisible();
  // Start Submission needs a connected payout account, so a new partner is sent on to /stripe.
  await expect(page).toHaveURL(/\/stripe$/);
  expect(visited).toContain('/start-submission');
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
});

test('the register form shows every required message', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('please complete the form')).toBeVisible();
  for (const message of [
    'Please input first name',
    'Please input last name',
    'Please input the password',
    'Please input the password again',
    'Please input the email',
    'Please input verification code',
    'Please input registered address',
    'Please accept terms and conditions and Privacy Policy.',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('First name')).toBeFocused();
});

test('the register form checks the password rule, the confirmation and the email format', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('secret');
  await form.getByRole('textbox', { name: 'Password', exact: true }).blur();
  await expect(form.getByText('Password format incorrect')).toBeVisible();
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret123');
  await expect(form.getByText('Password format incorrect')).toBeHidden();
  await form.getByLabel('Confirm password').fill('Secret124');
  await form.getByLabel('Confirm password').blur();
  await expect(form.getByText("Two inputs don't match!")).toBeVisible();
  await form.getByLabel('Confirm password').fill('Secret123');
  await expect(form.getByText("Two inputs don't match!")).toBeHidden();
  await form.getByLabel('Email').fill('noah@wong');
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(form.getByText('Incorrect email format')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send Code' })).toBeEnabled();
});

test('Send Code starts a 30-second countdown before another code can be sent', async ({ page }) => {
  const start = new Date('2026-11-22T10:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/login');
  // a busy machine must not move the countdown: from here the page's time moves only when the test says so
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email').fill(uniqueEmail('countdown'));
  await form.getByRole('button', { name: 'Send Code' }).click();
  const resend = form.getByRole('button', { name: /Resend in \d+s/ });
  await expect(resend).toHaveText('Resend in 30s');
  await expect(resend).toBeDisabled();
  for (let second = 29; second >= 20; second -= 1) {
    await page.clock.runFor(1000);
    await expect(resend).toHaveText(`Resend in ${second}s`);
  }
  for (let second = 19; second >= 1; second -= 1) await page.clock.runFor(1000);
  await expect(resend).toHaveText('Resend in 1s');
  await expect(resend).toBeDisabled();
  await page.clock.runFor(1000);
  await expect(form.getByRole('button', { name: 'Send Code' })).toBeEnabled();
});

test('a registered email gets the same answer as a new one, and its holder a notice instead of a code', async ({
  page,
  outbox,
}) => {
  // the seeded demo partner: a partner registered by the test would still be inside its 30-second resend window
  const holder = 'demo@lumora.example';
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email').fill(holder.toUpperCase());
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Verification code has been sent')).toBeVisible();
  await expect(form.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  await expect
    .poll(async () => (await outbox()).find((mail) => mail.to === holder)?.subject)
    .toBe('Someone tried to register with your email address');
});

test('each agreement opens in a 600 px dialog with the text from the server', async ({ page }) => {
  await page.goto('/login');
  for (const title of ['Marketplace Agreement', 'Marketplace Terms of Use', 'Developer Agreement']) {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Last updated: 1 November 2026')).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(600);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  }
});

test('an agreement dialog closes when its text cannot be loaded', async ({ page }) => {
  // fault injection on the network, not a stand-in for the server's behaviour
  await page.route('**/Static?**', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Developer Agreement' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('alert')).toContainText('Error');
});
