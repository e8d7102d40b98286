import type { Page } from '@playwright/test';
import { cubeGlb, expect, openNewVersion, registerPartner, signIn, test } from '../../fixtures/test.ts';

/** Every message Chromium logs when the page's Content-Security-Policy refuses something. */
function watchPolicy(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusals.push(`${page.url()}: ${message.text()}`);
  });
  return refusals;
}

test('the portal, the sandbox consent page, the SDK documentation and the API docs load within the policy', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const refusals = watchPolicy(page);
  for (const [path, heading] of [
    ['/', 'Put your games and 3D worlds into the real one'],
    ['/about', 'About'],
    ['/document', 'Document'],
    ['/faqs', 'FAQs'],
    ['/contact', 'Contact Us'],
    ['/login', 'Login'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }

  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connect a Stripe Standard account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCSS('background-color', 'rgb(99, 91, 255)');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stripe connect successfully.' })).toBeVisible();

  await page.goto('/developers/my-project');
  await expect(page.getByRole('heading', { name: `Welcome, ${partner.firstName}` })).toBeVisible();
  await page.goto('/documentation.html');
  await expect(page.getByRole('navigation', { name: 'Documents' })).toHaveCSS('position', 'sticky');
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Dev outbox' })).toBeVisible();
  await page.goto('/api/docs/');
  // Swagger UI builds its page from the whole document in the browser: slow on a busy machine
  await expect(page.getByRole('heading', { level: 1, name: /Partner Portal API/ })).toBeVisible({ timeout: 30_000 });
  // past 128 operations Swagger UI renders the ones in view: the first tag's first is the one sure to be there
  await expect(page.getByText('/api/Access/Login', { exact: true })).toBeVisible();

  expect(refusals).toEqual([]);
});

test('the 3D preview loads its model within the policy', async ({ page, request }) => {
  // Chromium renders WebGL on the CPU here (SwiftShader): a first frame can take long on a busy machine
  test.setTimeout(180_000);
  const refusals = watchPolicy(page);
  const form = await openNewVersion(page, request, 'Policy Cube');
  await form
    .getByLabel('Android file')
    .setInputFiles({ name: 'cube.glb', mimeType: 'model/gltf-binary', buffer: cubeGlb() });
  const report = form.getByRole('region', { name: 'Android build report' });
  await report.getByRole('button', { name: 'Preview in 3D (Android build)' }).click();
  const preview = page.getByRole('dialog', { name: 'Android build in 3D' });
  await expect(preview.getByText('Drag to turn the model, scroll or pinch to zoom.')).toBeVisible({ timeout: 120_000 });
  await expect(preview.locator('model-viewer')).toHaveJSProperty('loaded', true);

  expect(refusals).toEqual([]);
});
