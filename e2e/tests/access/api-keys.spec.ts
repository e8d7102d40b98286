import type { Page } from '@playwright/test';
import { expect, registerPartner, seriousAxeViolations, signIn, test } from '../../fixtures/test.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a partner creates an API key, sees its secret once, uses it and revokes it', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.clock.install();
  await page.goto('/developers');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'SDK documentation' })).toHaveAttribute(
    'href',
    '/document',
  );

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Read').uncheck();
  await dialog.getByRole('button', { name: 'Create API key' }).click();
  await expect(dialog.getByText('Please input a name for the key')).toBeVisible();
  await expect(dialog.getByText('Please choose at least one scope')).toBeVisible();
  await dialog.getByLabel('Name').fill('CI uploads');
  await dialog.getByLabel('Read').check();
  await dialog.getByLabel('Upload builds').check();
  await expect(dialog.getByLabel('Create and edit store listings')).not.toBeChecked();
  await expect(dialog.getByLabel('Manage versions and submit')).not.toBeChecked();
  await dialog.getByLabel('Expires').selectOption({ label: 'Never' });
  await page.clock.runFor(1000);
  await dialog.getByRole('button', { name: 'Create API key' }).click();

  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created.getByText('it will not be shown again')).toBeVisible();
  const secret = await created.getByLabel('Secret of “CI uploads”').inputValue();
  expect(secret).toMatch(/^lmk_[A-Za-z0-9_-]{43}$/);
  await expect(created.getByRole('button', { name: 'Copy' })).toBeEnabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'CI uploads' });
  await expect(row).toContainText('Read');
  await expect(row).toContainText('Upload builds');
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Never');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
  // shown once: neither the list nor the page holds it any more
  expect(await page.content()).not.toContain(secret);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const withKey = { headers: { authorization: `Bearer ${secret}` } };
  const products = await request.get('/api/Product?PageIndex=1&PageSize=10', withKey);
  expect(products.status(), await products.text()).toBe(200);
  expect(await products.json()).toMatchObject({ data: [] });

  await page.reload();
  await expect(row.getByRole('cell').nth(4)).toHaveText('Just now');

  await page.clock.runFor(1000);
  await row.getByRole('button', { name: 'Revoke CI uploads' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText(`“CI uploads” (${secret.slice(0, 12)}…) stops working at once`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'API key revoked')).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  const refused = await request.get('/api/Product?PageIndex=1&PageSize=10', withKey);
  expect(refused.status()).toBe(401);
});

test('cancelling the revocation keeps the key', async ({ page, request }) => {
  const partner = await registerPartner(request);
  const created = await request.post('/api/ApiKey', {
    headers: { authorization: `Bearer ${partner.accessToken}` },
    data: {
      name: 'Nightly build',
      scopes: ['read', 'items', 'versions'],
      expiresAt: new Date(Date.now() + 30 * 864e5).toISOString(),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await signIn(page, partner);
  await page.goto('/api-keys');
  const row = page.getByRole('row').filter({ hasText: 'Nightly build' });
  await expect(row).toContainText('Manage versions and submit');
  await expect(row).toContainText('Create and edit store listings');
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Never');
  await row.getByRole('button', { name: 'Revoke Nightly build' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
});
