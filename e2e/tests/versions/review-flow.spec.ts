import { readFile } from 'node:fs/promises';
import {
  buildBytes,
  consoleEntry,
  createGame,
  expect,
  gameDetailUrl,
  gameVersionUrl,
  readOutbox,
  registerConnectedPartner,
  seedSubmittedGame,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

test('a partner ships a version through review, takes it down and adds the next one', async ({
  page,
  browser,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, { name: 'Lumen Chase' });
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumen Chase');
  await expect(page.getByText('No versions yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Version' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Version' });
  await expect(addDialog.getByLabel('Version number')).toHaveValue('1');
  await addDialog.getByRole('button', { name: 'Add Version' }).click();
  await expect(toast(page, 'add version successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Version 1 · testing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Version' })).toBeDisabled();

  await page.getByRole('link', { name: 'Edit Version' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/version\?prodId=.+&vId=.+&type=game$/);
  const form = page.getByRole('form', { name: 'Version' });
  await form.getByRole('button', { name: 'Save Version' }).click();
  await expect(page.getByText('please complete the form')).toBeVisible();
  await expect(form.getByText('Please input update log')).toBeVisible();
  await expect(form.getByText('Please upload ios file')).toBeVisible();
  await expect(form.getByText('Please upload android file')).toBeVisible();

  await form.getByLabel('iOS file').setInputFiles({
    name: 'cover.glb',
    mimeType: 'model/gltf-binary',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]),
  });
  await expect(form.getByText('File must be AB or GLB format!')).toBeVisible();
  await form
    .getByLabel('iOS file')
    .setInputFiles({ name: 'lumen-ios.ab', mimeType: 'application/octet-stream', buffer: buildBytes('ab') });
  await expect(form.getByText('lumen-ios.ab')).toBeVisible();
  await form
    .getByLabel('Android file')
    .setInputFiles({ name: 'lumen-android.glb', mimeType: 'model/gltf-binary', buffer: buildBytes('glb') });
  await expect(form.getByText('lumen-android.glb')).toBeVisible();
  const iosReport = form.getByRole('region', { name: 'iOS build report' });
  await expect(iosReport).toContainText('UnityFS AssetBundle · Unity 2022.3.10f1 · 48.0 KB');
  await expect(iosReport).toContainText('No problems found');
  await expect(form.getByRole('region', { name: 'Android build report' })).toContainText(
    'glTF 2.0 · 1 mesh · 2,400 triangles · 1 material · 0.5 × 0.5 × 0.5 m · 48.0 KB',
  );
  await form.getByLabel('Update log').fill('First release: chase the light with up to six friends.');
  await form.getByRole('button', { name: 'Save Version' }).click();
  await expect(toast(page, 'set version successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);

  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'submit successfully')).toBeVisible();
  const release = page.getByRole('region', { name: 'Release version' });
  await expect(release.getByText('Waiting for Review')).toBeVisible();
  await expect(release.getByRole('button', { name: 'Take Down' })).toHaveCount(0);

  const adminPage = await browser.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, 'Lumen Chase');
  await expect(entry.getByRole('region', { name: 'Android build report' })).toContainText('2,400 triangles');
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    entry.getByRole('button', { name: 'Download iOS' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Lumen-Chase-v1-iOS.ab');
  expect((await readFile((await download.path()) ?? '')).subarray(0, 7).toString()).toBe('UnityFS');
  await entry.getByRole('button', { name: 'Start Review' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Review started' })).toBeVisible();
  await entry.getByRole('button', { name: 'Accept' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Accept this version?' })
    .getByRole('button', { name: 'Accept and release' })
    .click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Version accepted and released' })).toBeVisible();
  await expect(entry).toHaveCount(0);
  await adminPage.close();

  await page.reload();
  await expect(release.getByText('Accepted And Released')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Version history' }).getByRole('row').nth(1)).toHaveClass(
    /version-row--success/,
  );
  await page.goto('/developers');
  await expect(page.getByText('Lumen Chase')).toBeVisible();
  await page.goto('/developers/my-project');
  await expect(page.getByRole('listitem').filter({ hasText: 'Lumen Chase' })).toContainText('Released');

  await page.goto(gameDetailUrl(game));
  await release.getByRole('button', { name: 'Take Down' }).click();
  await page
    .getByRole('dialog', { name: 'Take down this version?' })
    .getByRole('button', { name: 'Take Down' })
    .click();
  await expect(toast(page, 'take down successfully')).toBeVisible();
  await expect(release.getByText('Accepted And Released · Take Down')).toBeVisible();

  await page.getByRole('button', { name: 'Add Version' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Version' }).getByLabel('Version number')).toHaveValue('2');
  await page.getByRole('dialog', { name: 'Add Version' }).getByRole('button', { name: 'Add Version' }).click();
  await expect(page.getByRole('heading', { name: 'Version 2 · testing' })).toBeVisible();
});

test('a rejected version shows the reason; the partner edits and resubmits it', async ({ page, browser, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'under-review');

  const adminPage = await browser.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, game.name);
  await entry.getByRole('button', { name: 'Reject' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Reject this version' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please input the reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The Android build crashes when a second player joins.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Version rejected' })).toBeVisible();
  await adminPage.close();

  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  const release = page.getByRole('region', { name: 'Release version' });
  await expect(release.getByText('Rejected')).toBeVisible();
  await expect(release.getByText('The Android build crashes when a second player joins.')).toBeVisible();
  // nothing of it is on sale: there is nothing to take down, so no Take Down button (not even a disabled one)
  await expect(release.getByRole('button', { name: /Take Down/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Version history' }).getByRole('row').nth(1)).toHaveClass(
    /version-row--error/,
  );

  await release.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Update log').fill('Fixed the crash when a second player joins.');
  await page.getByRole('button', { name: 'Save Version' }).click();
  await expect(toast(page, 'set version successfully')).toBeVisible();
  await expect(release.getByText('Prepare For Submission')).toBeVisible();
  await release.getByRole('button', { name: 'Resubmit' }).click();
  await expect(toast(page, 'submit successfully')).toBeVisible();
  await expect(release.getByText('Waiting for Review')).toBeVisible();
});

test('editing a version under review asks first, then interrupts the review', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedSubmittedGame(request, partner, 'under-review');
  await signIn(page, partner);
  await page.clock.install();
  await page.goto(gameVersionUrl(game.id, versionId));
  await expect(page.getByText('In review: editing would interrupt the review.')).toBeVisible();
  await expect(page.getByLabel('Update log')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit and interrupt the review' }).click();
  await expect(page.getByText('This version is being reviewed.')).toBeVisible();
  await page.getByLabel('Update log').fill('A small fix during review.');
  await page.getByRole('button', { name: 'Save Version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Interrupt the review?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  // a person takes longer than the 800 ms click throttle to decide again
  await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Save Version' }).click();
  await confirm.getByRole('button', { name: 'Save and interrupt' }).click();
  await expect(toast(page, 'set version successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Release version' }).getByText('Prepare For Submission')).toBeVisible();
});

test("an admin's take-down reason reaches the partner's Detail page and mailbox", async ({
  page,
  browser,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'released');

  const adminPage = await browser.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, game.name, { tab: 'Live releases' });
  await entry.getByRole('button', { name: 'Take Down' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Take down this version' });
  await dialog.getByLabel('Reason').fill('Reported for copyrighted music in the lobby.');
  await dialog.getByRole('button', { name: 'Take Down' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Version taken down' })).toBeVisible();
  await adminPage.close();

  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await expect(page.getByText('Taken down by Lumora:')).toBeVisible();
  await expect(page.getByText('Reported for copyrighted music in the lobby.')).toBeVisible();
  const mail = (await readOutbox(request)).find((m) => m.to === partner.email);
  expect(mail?.subject).toBe(`${game.name} version 1 was taken down`);
  expect(mail?.text).toContain('Reported for copyrighted music in the lobby.');
});

test('the version number must be a positive integer above the last one', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'released');
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('button', { name: 'Add Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Version' });
  const number = dialog.getByLabel('Version number');
  await number.fill('');
  await dialog.getByRole('button', { name: 'Add Version' }).click();
  await expect(dialog.getByText('Please input the value')).toBeVisible();
  await number.fill('1.5');
  await expect(dialog.getByText('Please enter a positive integer')).toBeVisible();
  await number.fill('0');
  await expect(dialog.getByText('Please enter a positive integer')).toBeVisible();
  await number.fill('1');
  await dialog.getByRole('button', { name: 'Add Version' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The version number must be greater than every earlier version.' }),
  ).toBeVisible();
});

test('partners cannot open the review console', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The review console is for the Lumora review team.')).toBeVisible();
});

test('Recent Projects on Developers pages through released items, 4 at a time', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  for (let i = 0; i < 5; i += 1) await seedSubmittedGame(request, partner, 'released');
  await page.goto('/developers');
  const gallery = page.getByRole('region', { name: 'Recent Projects' });
  await expect(gallery.getByRole('listitem')).toHaveCount(4);
  const pages = gallery.getByRole('navigation', { name: 'Recent projects pages' });
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(gallery.getByRole('listitem').first()).toBeVisible();
});
