import {
  authHeaders,
  createModel,
  expect,
  fixtureFile,
  holdRequests,
  registerConnectedPartner,
  signIn,
  test,
} from '../../fixtures/test.ts';

test('a partner creates a 3D model with a category, finds it on My Projects and Detail, edits and deletes it', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/start-submission');
  await page.getByRole('link', { name: /3D Model/ }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/3D-model-submission$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submission of 3D Models');

  const form = page.getByRole('form', { name: 'New 3D model' });
  await form.getByLabel('Project name').fill('Lantern Fox');
  await form.getByLabel('Price (USD)').fill('12.5');
  await form.getByLabel('Category').selectOption({ label: 'Creatures' });
  const tags = form.getByRole('textbox', { name: 'Tags' });
  await tags.fill('Animal, Low poly');
  await expect(form.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveCount(2);
  await form.getByLabel('Description').fill('A fox carrying a paper lantern.');
  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('model-avatar.png'));
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
  await form.getByLabel('Cover image').setInputFiles(fixtureFile('game-cover.jpg'));
  await expect(form.getByRole('img', { name: 'Uploaded cover image' })).toBeVisible();
  await form.getByRole('button', { name: 'Create 3D Model' }).click();

  await expect(page.getByText('create successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?name=Lantern\+Fox&id=[\w-]+&type=model$/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  const detail = page.getByRole('article', { name: 'Lantern Fox' });
  await expect(detail.getByText(`ID: ${id}`)).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: '12.50 USD' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: 'Creatures' })).toBeVisible();
  await expect(detail.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Animal', 'Lowpoly']);
  await expect(detail.getByText('A fox carrying a paper lantern.')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Test Staging File' })).toHaveCount(0);

  await page.goto('/developers/my-project');
  const card = page.getByRole('region', { name: '3D Model' }).getByRole('listitem').filter({ hasText: 'Lantern Fox' });
  await expect(card.getByText('Draft')).toBeVisible();
  await card.getByRole('link', { name: 'Details of Lantern Fox' }).click();

  await page.getByRole('link', { name: 'Edit Project Info' }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/my-project/3D-model-submission\\?id=${id}$`));
  const edit = page.getByRole('form', { name: 'Edit 3D model' });
  await expect(edit.getByLabel('Category')).toHaveValue('2');
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('12.50');
  await edit.getByLabel('Category').selectOption({ label: 'Props' });
  await edit.getByLabel('Cover image').setInputFiles(fixtureFile('game-icon.png'));
  await expect(edit.getByRole('img', { name: 'Uploaded cover image' })).toHaveAttribute('src', /\.(png|webp|jpe?g)/);
  await edit.getByRole('button', { name: 'Update 3D Model' }).click();
  await expect(page.getByText('update successfully')).toBeVisible();
  const updated = page.getByRole('article', { name: 'Lantern Fox' });
  await expect(updated.getByRole('definition').filter({ hasText: 'Props' })).toBeVisible();

  await updated.getByRole('button', { name: 'Delete 3D Model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3D Model?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('delete successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
  await expect(page.getByRole('region', { name: '3D Model' }).getByText('No 3D models yet')).toBeVisible();
  expect((await request.get(`/api/Model/${id}`, { headers: authHeaders(partner) })).status()).toBe(404);
});

test('the 3D model form shows each of its messages and saves nothing while invalid', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project/3D-model-submission');
  const form = page.getByRole('form', { name: 'New 3D model' });
  await form.getByRole('button', { name: 'Create 3D Model' }).click();

  await expect(page.getByText('please complete the form')).toBeVisible();
  await expect(form.getByLabel('Project name')).toBeFocused();
  await expect(form.getByLabel('Project name')).toHaveAccessibleDescription('Please input project name');
  await expect(form.getByLabel('Price (USD)')).toHaveAccessibleDescription('Please input a valid value');
  await expect(form.getByLabel('Category')).toHaveAccessibleDescription('Please input category');
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toHaveAccessibleDescription(/Please upload thumbnail/);
  await expect(form.getByLabel('Cover image')).toHaveAccessibleDescription(/Please upload cover image/);

  await form.getByLabel('Project name').fill('   ');
  await expect(form.getByLabel('Project name')).toHaveAccessibleDescription('Please input project name');
  await form.getByLabel('Price (USD)').fill('-3');
  await expect(form.getByLabel('Price (USD)')).toHaveAccessibleDescription('Please input a valid value');
  await form.getByLabel('Price (USD)').fill('3.50');
  await expect(form.getByLabel('Price (USD)')).toHaveAccessibleDescription('');
  await form.getByLabel('Category').selectOption({ label: 'Vehicles' });
  await expect(form.getByLabel('Category')).toHaveAccessibleDescription('');
  // the thumbnail is checked again once its upload ends
  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('model-avatar.png'));
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
  await expect(form.getByLabel('Thumbnail (avatar picture)')).not.toHaveAccessibleDescription(
    /Please upload thumbnail/,
  );

  const list = await request.get('/api/Model', { headers: authHeaders(partner) });
  expect(await list.json()).toMatchObject({ totalCount: 0 });
});

test('the edit form of a 3D model appears only once the model has loaded', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const model = await createModel(request, partner, { name: 'Paper Crane', categoryId: 5 });
  await signIn(page, partner);
  const release = await holdRequests(page, `**/api/Model/${model.id}`);
  await page.goto(`/developers/my-project/3D-model-submission?id=${model.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submission of 3D Models');
  await expect(page.getByRole('form')).toHaveCount(0);
  release();
  const form = page.getByRole('form', { name: 'Edit 3D model' });
  await expect(form.getByLabel('Project name')).toHaveValue('Paper Crane');
  await expect(form.getByLabel('Category')).toHaveValue('5');
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
});

test('the 3D model form uploads its images to the Detail endpoint as avatar and coverThumbnailUrl, each with its own progress and refusal', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  const uploads: Array<{ path: string; body: string }> = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/FileUpload/')) {
      uploads.push({ path: new URL(sent.url()).pathname, body: sent.postDataBuffer()?.toString('latin1') ?? '' });
    }
  });
  await page.goto('/developers/my-project/3D-model-submission');
  const form = page.getByRole('form', { name: 'New 3D model' });
  // by role: while an image uploads, its progress bar is labelled after the field too
  const thumbnail = form.getByRole('button', { name: 'Thumbnail (avatar picture)', exact: true });
  const cover = form.getByRole('button', { name: 'Cover image', exact: true });

  const release = await holdRequests(page, '**/FileUpload/Multiple/Detail/Query');
  await thumbnail.setInputFiles(fixtureFile('model-avatar.png'));
  await expect(form.getByRole('progressbar', { name: 'Uploading thumbnail' })).toBeVisible();
  await expect(form.getByRole('progressbar', { name: 'Uploading cover image' })).toHaveCount(0);
  release();
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();

  const fake = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('not pixels'),
  ]);
  await cover.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: fake });
  await expect(cover).toHaveAccessibleDescription(/Avatar picture must be JPG or PNG format!/);
  await expect(thumbnail).not.toHaveAccessibleDescription(/Avatar picture must be JPG or PNG format!/);
  await cover.setInputFiles(fixtureFile('game-cover.jpg'));
  await expect(form.getByRole('img', { name: 'Uploaded cover image' })).toBeVisible();

  expect(uploads.map((upload) => upload.path)).toEqual([
    '/FileUpload/Multiple/Detail/Query',
    '/FileUpload/Multiple/Detail/Query',
    '/FileUpload/Multiple/Detail/Query',
  ]);
  expect(uploads.map((upload) => upload.body.match(/name="([^"]+)"; filename=/)?.[1])).toEqual([
    'avatar',
    'coverThumbnailUrl',
    'coverThumbnailUrl',
  ]);

  await form.getByLabel('Project name').fill('Paper Crane');
  await form.getByLabel('Price (USD)').fill('3');
  await form.getByLabel('Category').selectOption({ label: 'Props' });
  await form.getByRole('button', { name: 'Create 3D Model' }).click();
  await expect(page.getByText('create successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Paper Crane' }).locator('img.item-summary__icon')).toHaveAttribute(
    'src',
    /\/files\//,
  );
});
