import type { Locator, Page } from '@playwright/test';
import { authHeaders, expect, registerPartner, seriousAxeViolations, signIn, test } from '../../fixtures/test.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('Manage Tester adds a platform user by email and removes them after asking', async ({ page, request }) => {
  const partner = await registerPartner(request);
  const tester = await registerPartner(request, { firstName: 'Ada' });
  await signIn(page, partner);
  await page.clock.install();
  await page.goto('/developers/my-project');
  await page.getByRole('link', { name: 'Manage Tester' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/tester$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Tester');
  await expect(page.getByText('No testers yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Tester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tester' });
  const email = dialog.getByLabel('Email');
  const submit = dialog.getByRole('button', { name: 'Add Tester' });
  await submit.click();
  await expect(dialog.getByText('Please input the email')).toBeVisible();
  await email.fill('not-an-email');
  await email.blur();
  await expect(dialog.getByText('Incorrect email format')).toBeVisible();
  await email.fill('nobody-at-all@studio.example');
  await email.blur();
  await expect(dialog.getByText('No user information')).toBeVisible();

  await email.fill(tester.email);
  await email.blur();
  await expect(dialog.getByText('Ada Chen')).toBeVisible();
  await page.clock.runFor(1000);
  await submit.click();
  await expect(toast(page, 'Add WhiteList Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: tester.email });
  await expect(row).toContainText('Ada Chen');
  await expect(page.getByRole('heading', { name: 'Testers (1)' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Add Tester' }).click();
  await email.fill(tester.email);
  await page.clock.runFor(1000);
  await submit.click();
  await expect(dialog.getByText('This user is already on your whitelist.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: `Remove ${tester.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this tester?' });
  await expect(confirm).toContainText('Ada Chen will no longer get your testing builds');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Remove Successfully')).toBeVisible();
  await expect(page.getByText('No testers yet.')).toBeVisible();
});

test("My Projects' Manage Whitelist dialog adds and removes testers", async ({ page, request }) => {
  const partner = await registerPartner(request);
  const tester = await registerPartner(request, { firstName: 'Ravi' });
  await signIn(page, partner);
  await page.goto('/developers/my-project');
  await page.getByRole('button', { name: 'Manage Whitelist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await expect(dialog.getByText('No testers yet.')).toBeVisible();
  await dialog.getByLabel('Email').fill(tester.email);
  await dialog.getByRole('button', { name: 'Add to Whitelist' }).click();
  // the page behind a modal is inert: the notice is raised inside the dialog, where it can be read and dismissed
  const added = dialog.getByRole('status').filter({ hasText: 'Add WhiteList Successfully' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Dismiss' }).click();
  await expect(added).toBeHidden();
  await expect(dialog.getByRole('row').filter({ hasText: tester.email })).toContainText('Ravi Chen');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: `Remove ${tester.email}` }).click();
  await page.getByRole('dialog', { name: 'Remove this tester?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Remove Successfully')).toBeVisible();
  await expect(dialog.getByText('No testers yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('on a phone the testers fit the screen: a long email wraps and Remove stays in view', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const tester = await registerPartner(request, {
    firstName: 'Alexandrina',
    email: `alexandrina.montgomery-castellanos.qa-${Date.now()}@very-long-studio-domain.example`,
  });
  await request.post('/api/WhiteList', { headers: authHeaders(partner), data: { email: tester.email } });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, partner);
  const fitsThePhone = async (scope: Locator) => {
    const row = scope.getByRole('row').filter({ hasText: tester.email });
    await expect(row).toContainText('Alexandrina Chen');
    const remove = row.getByRole('button', { name: `Remove ${tester.email}` });
    await expect(remove).toBeInViewport({ ratio: 1 });
    const box = await row.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };

  await page.goto('/developers/my-project/tester');
  await fitsThePhone(page.getByRole('table', { name: 'Testers' }));

  await page.goto('/developers/my-project');
  await page.getByRole('button', { name: 'Manage Whitelist' }).click();
  await fitsThePhone(page.getByRole('dialog', { name: 'Manage Whitelist' }));
});
