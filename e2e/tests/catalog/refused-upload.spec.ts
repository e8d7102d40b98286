import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerConnectedPartner, signIn, TOKEN_KEY, test } from '../../fixtures/test.ts';

interface XhrAnswer {
  status: number;
  body: { errorCode?: string; message?: string } | null;
  error?: string;
}

/**
 * Uploads `times` files from the page with XMLHttpRequest, as the uploaders do: `bytes` bytes named `name`, starting
 * with `head`. Each answer is the status and body the page received, or the network error it saw instead.
 */
function uploadFromPage(page: Page, name: string, head: number[], bytes: number, times: number) {
  return page.evaluate(
    async ({ name, head, bytes, times, tokenKey }) => {
      const data = new Uint8Array(bytes);
      data.fill(0x41);
      data.set(head);
      const send = () =>
        new Promise<XhrAnswer>((resolve) => {
          const xhr = new XMLHttpRequest();
          xhr.open('POST', '/FileUpload/Single/Query');
          xhr.setRequestHeader('authorization', `Bearer ${localStorage.getItem(tokenKey)}`);
          xhr.onload = () => {
            let body: XhrAnswer['body'] = null;
            try {
              body = JSON.parse(xhr.responseText);
            } catch {}
            resolve({ status: xhr.status, body });
          };
          xhr.onerror = () => resolve({ status: xhr.status, body: null, error: 'network error' });
          const form = new FormData();
          form.append('file', new Blob([data]), name);
          xhr.send(form);
        });
      const answers: XhrAnswer[] = [];
      for (let i = 0; i < times; i += 1) answers.push(await send());
      return answers;
    },
    { name, head, bytes, times, tokenKey: TOKEN_KEY },
  );
}

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await registerConnectedPartner(request));
  await page.goto('/');
});

test('a refused upload of a file of another type reaches the page as 415 with its reason', async ({ page }) => {
  const answers = await uploadFromPage(page, 'setup.exe', [0x4d, 0x5a], 6 * 1024 * 1024, 5);
  expect(answers).toEqual(
    Array(5).fill({
      status: 415,
      body: {
        errorCode: 'UnsupportedMediaType',
        message: 'Only JPG or PNG images and AB or GLB builds can be uploaded.',
      },
    }),
  );
});

test('a refused upload of a build over 50 MB reaches the page as 413 with its reason', async ({ page }) => {
  const glb = [0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0];
  const answers = await uploadFromPage(page, 'huge.glb', glb, 60 * 1024 * 1024, 2);
  expect(answers).toEqual(
    Array(2).fill({ status: 413, body: { errorCode: 'BuildTooLarge', message: 'File must be smaller than 50 MB!' } }),
  );
});

test('the image uploader says why the file host refused an image too many pixels wide', async ({ page }) => {
  const wide = await sharp({ create: { width: 4200, height: 40, channels: 3, background: '#5b45e0' } })
    .png()
    .toBuffer();
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  const answer = page.waitForResponse('**/FileUpload/Single/Query');
  await form.getByLabel('Cover image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: wide });
  expect((await answer).status()).toBe(413);
  await expect(form.getByRole('alert').filter({ hasText: 'Image must be at most 4096 × 4096 pixels!' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Uploaded cover image' })).toHaveCount(0);
});
