import type { Locator, Page } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  buildBytes,
  createGame,
  expect,
  gameDetailUrl,
  gameVersionUrl,
  openNewVersion,
  registerConnectedPartner,
  seedGameInTesting,
  signIn,
  test,
} from '../../fixtures/test.ts';

/**
 * Slows the browser's uploads to `bytesPerSecond` (Chromium's network emulation), so that an upload's progress stays
 * in view for as long as the test needs it; answers a function that lifts the limit.
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const limit = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await cdp.send('Network.enable');
  await limit(bytesPerSecond);
  return async () => {
    await limit(-1);
  };
}

const glbBuild = (name: string, size?: number) => ({
  name,
  mimeType: 'model/gltf-binary',
  buffer: buildBytes('glb', size),
});

/** A platform's field of the Version form: label, uploader, progress and messages. */
const buildField = (form: Locator, label: string) =>
  form.locator('.field').filter({ has: form.page().getByLabel(label) });

test('an upload shows its progress beside the form, which stays usable meanwhile', async ({ page, request }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const form = await openNewVersion(page, request, 'Slow Comet');
  const ios = buildField(form, 'iOS file');
  const lift = await throttleUploads(page, 128 * 1024);

  await form.getByLabel('iOS file').setInputFiles(glbBuild('comet-ios.glb', 4 * 1024 * 1024));
  const progress = ios.getByRole('progressbar', { name: 'Uploading the iOS build' });
  await expect(progress).toHaveAttribute('aria-valuetext', /^[1-9]\d?%, [\d.]+ (KB|MB) of 4\.0 MB$/);
  await expect(ios).toContainText('Uploading comet-ios.glb');
  await expect(ios.getByText(/^[1-9]\d?% · [\d.]+ (KB|MB) of 4\.0 MB$/)).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toEqual([]);

  // the rest of the form takes input meanwhile: the update log, another platform's build
  const log = form.getByLabel('Update log');
  await log.click();
  await page.keyboard.type('Comets leave a longer trail.');
  await expect(log).toHaveValue('Comets leave a longer trail.');
  await form.getByLabel('Android file').setInputFiles(glbBuild('comet-android.glb'));
  await expect(buildField(form, 'Android file')).toContainText('comet-android.glb');

  // saving waits for the build on its way rather than saving without it
  await form.getByRole('button', { name: 'Save Version' }).click();
  await expect(ios).toContainText('The iOS build is still uploading: wait for it, or cancel it.');
  await expect(page).toHaveURL(/\/developers\/my-project\/version\?/);

  await lift();
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await expect(ios).toContainText('comet-ios.glb');
  await expect(ios).toContainText('Not saved yet');
  await expect(ios).not.toContainText('still uploading');
});

test('Cancel stops an upload, from the keyboard too, and the version keeps its build', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedGameInTesting(request, partner);
  await signIn(page, partner);
  await page.goto(gameVersionUrl(game.id, versionId));
  const form = page.getByRole('form', { name: 'Version' });
  const ios = buildField(form, 'iOS file');
  await expect(ios).toContainText('orbit-ios.ab');
  await throttleUploads(page, 64 * 1024);

  const stopped = page.waitForEvent('requestfailed', (failed) => failed.url().includes('/FileUpload/'));
  const input = form.getByLabel('iOS file');
  await input.setInputFiles(glbBuild('orbit-ios-rc2.glb', 2 * 1024 * 1024));
  const progress = ios.getByRole('progressbar', { name: 'Uploading the iOS build' });
  await expect(progress).toBeVisible();

  // leaving would stop the upload: the page asks first
  await page.getByRole('link', { name: `← ${game.name}` }).click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('the iOS build, still uploading: leaving stops the upload');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(progress).toBeVisible();

  // Cancel is the next stop after the file input
  await input.focus();
  await page.keyboard.press('Tab');
  await expect(ios.getByRole('button', { name: 'Cancel the upload of the iOS build' })).toBeFocused();
  await page.keyboard.press('Enter');
  await stopped;
  await expect(progress).toBeHidden();
  await expect(input).toBeFocused();
  await expect(ios).toContainText('orbit-ios.ab');
  await expect(ios).not.toContainText('orbit-ios-rc2.glb');
  await expect(ios).not.toContainText('Not saved yet');
});

test('leaving with an uploaded build not saved asks first: Stay keeps it, Leave goes', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Kept Comet' });
  const added = await request.post('/api/Product/Version', {
    headers: authHeaders(partner),
    data: { productId: game.id, productVersion: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('link', { name: 'Edit Version' }).click();
  const form = page.getByRole('form', { name: 'Version' });
  const ios = buildField(form, 'iOS file');
  await form.getByLabel('iOS file').setInputFiles(glbBuild('kept-ios.glb'));
  await expect(ios).toContainText('kept-ios.glb');
  await expect(ios).toContainText('Not saved yet');

  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  const stay = async () => {
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/developers\/my-project\/version\?/);
    await expect(ios).toContainText('kept-ios.glb');
  };

  // a link within the portal
  const backLink = page.getByRole('link', { name: '← Kept Comet' });
  await backLink.click();
  await expect(question).toContainText('the iOS build you uploaded');
  await stay();

  // the browser's Back
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await stay();

  // reload and closing the tab: the browser asks
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const unload = await asked;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  await expect(ios).toContainText('kept-ios.glb');

  await page.evaluate(() => window.history.back());
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);
  await expect(page.getByText('Add its builds and update log on its Version page')).toBeVisible();

  // nothing changed: nothing to ask
  await page.getByRole('link', { name: 'Edit Version' }).click();
  await expect(ios).toContainText('Choose the iOS build');
  await backLink.click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);
  await expect(question).toHaveCount(0);

  // a link, answered Leave
  await page.getByRole('link', { name: 'Edit Version' }).click();
  await form.getByLabel('Update log').fill('Comets keep their tails.');
  await backLink.click();
  await expect(question).toContainText('the update log');
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);
});
