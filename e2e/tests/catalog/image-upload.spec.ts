import type { Page } from '@playwright/test';
import { expect, fixtureFile, holdRequests, registerConnectedPartner, signIn, test } from '../../fixtures/test.ts';

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await registerConnectedPartner(request));
});

/** Counts the requests that reach the upload host. */
function countUploads(page: Page) {
  const count = { value: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/FileUpload/')) count.value += 1;
  });
  return count;
}

test('a text file renamed .png is refused before it is uploaded', async ({ page }) => {
  const uploads = countUploads(page);
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('not-an-image.png'));
  await expect(form.getByRole('alert').filter({ hasText: 'Avatar picture must be JPG or PNG format!' })).toBeVisible();
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toHaveAccessibleDescription(
    /Avatar picture must be JPG or PNG format!/,
  );
  // the field is checked again once the attempt ends
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toHaveAccessibleDescription(/Please upload thumbnail/);
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toHaveCount(0);
  expect(uploads.value).toBe(0);
});

test('an image over 5 MB is refused before it is uploaded', async ({ page }) => {
  const uploads = countUploads(page);
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  const png = Buffer.alloc(6 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  await form.getByLabel('Cover image').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('alert').filter({ hasText: 'Image must be smaller than 5 MB!' })).toBeVisible();
  expect(uploads.value).toBe(0);
});

test('a file that only starts like a PNG is refused by the file host, and the uploader says why', async ({ page }) => {
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  const fake = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('not pixels'),
  ]);
  const answer = page.waitForResponse('**/FileUpload/Single/Query');
  await form
    .getByLabel('Thumbnail (avatar picture)')
    .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: fake });
  expect((await answer).status()).toBe(415);
  await expect(form.getByRole('alert').filter({ hasText: 'Avatar picture must be JPG or PNG format!' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toHaveCount(0);
});

test('an upload shows its progress and a preview; a new pick replaces it and Remove clears it', async ({ page }) => {
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  const release = await holdRequests(page, '**/FileUpload/Single/Query');

  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('game-icon.png'));
  const progress = form.getByRole('progressbar', { name: 'Uploading thumbnail' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
  release();
  await expect(progress).toBeHidden();
  const preview = form.getByRole('img', { name: 'Uploaded thumbnail' });
  await expect(preview).toBeVisible();
  const first = await preview.getAttribute('src');
  expect(first).toBeTruthy();

  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('game-cover.jpg'));
  await expect(preview).not.toHaveAttribute('src', first ?? '');
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toHaveCount(1);

  await form.getByRole('button', { name: 'Remove thumbnail' }).click();
  await expect(preview).toHaveCount(0);
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toBeFocused();
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toHaveAccessibleDescription(/Please upload thumbnail/);
});

test('the uploader is reached and opened from the keyboard', async ({ page }) => {
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  await form.getByLabel('Description (gameplay)').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(fixtureFile('game-icon.png'));
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
});
