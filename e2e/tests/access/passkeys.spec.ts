import type { Page } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import { PASSWORD } from '../../fixtures/partners.ts';
import { authHeaders, expect, readOutbox, registerPartner, signIn, TOKEN_KEY, test } from '../../fixtures/test.ts';
import { enableTotp } from '../../fixtures/two-factor.ts';

/** A platform authenticator in this page's Chromium (the DevTools protocol's virtual one), that always verifies. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a partner adds a passkey on Security, signs in with it alone, and deletes it (${width})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await addVirtualAuthenticator(page);
    const partner = await registerPartner(request);
    await signIn(page, partner);
    await page.goto('/security');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await expect(card.getByText('No passkeys yet.')).toBeVisible();

    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Please name the passkey')).toBeVisible();
    await dialog.getByLabel('Name').fill('Studio laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passkey added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const list = card.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Studio laptop')).toBeVisible();
    await expect(list.getByText(/never used/)).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: `test-results/passkeys-${width}.png`, fullPage: true });

    // signed out, the passkey alone signs in
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: `test-results/login-passkey-${width}.png` });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/developers\/my-project$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects');

    await page.goto('/security');
    await expect(list.getByText(/last used/)).toBeVisible();
    await list.getByRole('button', { name: 'Delete Studio laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this passkey?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Passkey deleted')).toBeVisible();
    await expect(card.getByText('No passkeys yet.')).toBeVisible();
    const passkeys = await request.get('/api/Access/Passkeys', { headers: authHeaders(partner) });
    expect(await passkeys.json()).toEqual({ data: [] });
    // the holder hears of both, as a stolen session's passkey would be heard of
    const subjects = (await readOutbox(request))
      .filter((mail) => mail.to === partner.email)
      .map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'A passkey was added to your Lumora Partner Portal account',
        'A passkey was removed from your Lumora Partner Portal account',
      ]),
    );

    // a deleted passkey signs in no more
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The passkey could not be verified' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a passkey answers a step-up and the second step after a password (${width})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await addVirtualAuthenticator(page);
    const partner = await registerPartner(request);
    // a session signed in with the password alone, before two-step sign-in was turned on
    const login = await request.post('/api/Access/Login', { data: { email: partner.email, password: PASSWORD } });
    const stale = ((await login.json()) as { accessToken: string }).accessToken;
    await enableTotp(request, partner);
    await signIn(page, partner);
    await page.goto('/security');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('Work phone');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passkey added')).toBeVisible();

    // the stale session is asked for a fresh second factor: the passkey gives it
    await page.evaluate(([key, token]) => localStorage.setItem(key as string, token as string), [TOKEN_KEY, stale]);
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByLabel('Name').fill('Nightly build');
    await create.getByRole('button', { name: 'Create API key' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(stepUp).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'API key created' })).toBeVisible();

    // signed out: the password, then the passkey instead of a code
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(partner.email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    const secondStep = page.getByRole('form', { name: 'Two-step sign-in' });
    await expect(secondStep.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.screenshot({ path: `test-results/second-step-passkey-${width}.png` });
    await secondStep.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/developers\/my-project$/);
  });
}
