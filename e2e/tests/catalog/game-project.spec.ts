import {
  authHeaders,
  createGame,
  expect,
  fixtureFile,
  registerConnectedPartner,
  registerPartner,
  signIn,
  test,
} from '../../fixtures/test.ts';

test('a partner creates an AR game with icon and cover, finds it on My Projects and Detail, edits and deletes it', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project');
  await page.getByRole('link', { name: 'Create New Project' }).click();
  await page.getByRole('link', { name: /AR GAME/ }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/submission$/);

  const form = page.getByRole('form', { name: 'New AR game' });
  await form.getByLabel('Project name').fill('Orbit Tag');
  await form.getByLabel('Number of Tokens').fill('5');
  await form.getByLabel('Minimum number of players').fill('2');
  await form.getByLabel('Maximum number of players').fill('8');
  await form.getByLabel('Price on the app stores (USD)').fill('4.99');
  const tags = form.getByRole('textbox', { name: 'Tags' });
  await tags.fill('Party');
  await tags.press('Enter');
  await tags.fill('Multi player');
  await tags.press(',');
  await tags.fill('party');
  await tags.press('Enter');
  await expect(form.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveCount(2);
  await expect(form.getByRole('button', { name: 'Remove tag Multiplayer' })).toBeVisible();
  await form.getByLabel('Introduce').fill('Multiplayer AR tag');
  await form.getByLabel('Description (gameplay)').fill('Throw glowing orbs.\nThe last one standing wins.');
  await form.getByLabel('Thumbnail (avatar picture)').setInputFiles(fixtureFile('game-icon.png'));
  await expect(form.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
  await form.getByLabel('Cover image').setInputFiles(fixtureFile('game-cover.jpg'));
  await expect(form.getByRole('img', { name: 'Uploaded cover image' })).toBeVisible();
  await form.getByRole('button', { name: 'Create Project' }).click();

  await expect(page.getByText('create successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?name=Orbit\+Tag&id=[\w-]+&type=game$/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orbit Tag');
  const detail = page.getByRole('article', { name: 'Orbit Tag' });
  await expect(detail.getByText(`ID: ${id}`)).toBeVisible();
  await expect(detail.getByText('Draft')).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: '4.99 USD' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: 'AR Game' })).toBeVisible();
  await expect(detail.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Party', 'Multiplayer']);
  await expect(detail.getByText('Multiplayer AR tag')).toBeVisible();
  await expect(detail.getByText('The last one standing wins.')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Test Staging File' })).toHaveAttribute(
    'href',
    `/developers/my-project/test-staging?prodId=${id}`,
  );
  const icon = await detail.locator('img.item-summary__icon').getAttribute('src');
  expect((await request.get(icon ?? '')).headers()['content-type']).toBe('image/png');

  await page.goto('/developers/my-project');
  const games = page.getByRole('region', { name: 'AR Game' });
  const card = games.getByRole('listitem').filter({ hasText: 'Orbit Tag' });
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /.+/);
  await expect(page.getByRole('region', { name: '3D Model' }).getByText('No 3D models yet')).toBeVisible();
  await card.getByRole('link', { name: 'Details of Orbit Tag' }).click();
  await expect(page).toHaveURL(new RegExp(`detail\\?name=Orbit\\+Tag&id=${id}&type=game$`));

  await page.getByRole('link', { name: 'Edit Project Info' }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/my-project/submission\\?id=${id}$`));
  const edit = page.getByRole('form', { name: 'Edit AR game' });
  await expect(edit.getByLabel('Project name')).toHaveValue('Orbit Tag');
  await expect(edit.getByLabel('Maximum number of players')).toHaveValue('8');
  await expect(edit.getByRole('img', { name: 'Uploaded thumbnail' })).toBeVisible();
  await edit.getByLabel('Project name').fill('Orbit Tag Deluxe');
  await edit.getByLabel('Price on the app stores (USD)').fill('0');
  await edit.getByRole('button', { name: 'Remove tag Party' }).click();
  await edit.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByText('update successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orbit Tag Deluxe');
  const updated = page.getByRole('article', { name: 'Orbit Tag Deluxe' });
  await expect(updated.getByRole('definition').filter({ hasText: 'Free' })).toBeVisible();
  await expect(updated.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Multiplayer']);

  await updated.getByRole('button', { name: 'Delete Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await updated.getByRole('button', { name: 'Delete Project' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('delete successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
  await expect(page.getByRole('region', { name: 'AR Game' }).getByText('No AR games yet')).toBeVisible();
  expect((await request.get(`/api/Product/${id}`, { headers: authHeaders(partner) })).status()).toBe(404);
});

test('the game form shows each of its messages and saves nothing while invalid', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  await form.getByRole('button', { name: 'Create Project' }).click();

  await expect(page.getByText('please complete the form')).toBeVisible();
  await expect(form.getByLabel('Project name')).toBeFocused();
  await expect(form.getByLabel('Project name')).toHaveAccessibleDescription('Please input project name');
  await expect(form.getByLabel('Number of Tokens')).toHaveAccessibleDescription('Please input a valid value');
  await expect(form.getByLabel('Price on the app stores (USD)')).toHaveAccessibleDescription(
    'Please input a valid value',
  );
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription('Please input digits');
  await expect(form.getByLabel('Maximum number of players')).toHaveAccessibleDescription('Please input digits');
  await expect(form.getByLabel('Thumbnail (avatar picture)')).toHaveAccessibleDescription(/Please upload thumbnail/);
  await expect(form.getByLabel('Cover image')).toHaveAccessibleDescription(/Please upload cover image/);

  await form.getByLabel('Number of Tokens').fill('-1');
  await expect(form.getByLabel('Number of Tokens')).toHaveAccessibleDescription('Please input a valid value');
  await form.getByLabel('Number of Tokens').fill('3');
  await expect(form.getByLabel('Number of Tokens')).toHaveAccessibleDescription('');
  await form.getByLabel('Price on the app stores (USD)').fill('1.999');
  await expect(form.getByLabel('Price on the app stores (USD)')).toHaveAccessibleDescription(
    'Please input a valid value',
  );
  await form.getByLabel('Price on the app stores (USD)').fill('abc');
  await expect(form.getByLabel('Price on the app stores (USD)')).toHaveAccessibleDescription(
    'Please input a valid value',
  );
  await form.getByLabel('Minimum number of players').fill('1.5');
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription('Please input digits');
  await form.getByLabel('Minimum number of players').fill('0');
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription('Must be non negative');

  await form.getByLabel('Minimum number of players').fill('5');
  await form.getByLabel('Maximum number of players').fill('3');
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription(
    'Must be less than maximum number of players',
  );
  await expect(form.getByLabel('Maximum number of players')).toHaveAccessibleDescription(
    'Must be greater than minimum number of players',
  );
  // changing one re-validates the other
  await form.getByLabel('Minimum number of players').fill('2');
  await expect(form.getByLabel('Maximum number of players')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription('');

  const list = await request.get('/api/Product', { headers: authHeaders(partner) });
  expect(await list.json()).toMatchObject({ totalCount: 0 });
});

test('a maximum typed first is re-validated when the minimum changes', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  await form.getByLabel('Maximum number of players').fill('4');
  await form.getByLabel('Minimum number of players').fill('6');
  await expect(form.getByLabel('Maximum number of players')).toHaveAccessibleDescription(
    'Must be greater than minimum number of players',
  );
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription(
    'Must be less than maximum number of players',
  );
  await form.getByLabel('Maximum number of players').fill('6');
  await expect(form.getByLabel('Minimum number of players')).toHaveAccessibleDescription('');
});

test('tags drop spaces and duplicates, and stop at 20 tags of 40 characters', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project/submission');
  const form = page.getByRole('form', { name: 'New AR game' });
  const tags = form.getByRole('textbox', { name: 'Tags' });
  await tags.fill('a'.repeat(41));
  await tags.press('Enter');
  await expect(form.getByText('Each tag must be at most 40 characters')).toBeVisible();
  await tags.fill('a'.repeat(40));
  await tags.press('Enter');
  await expect(form.getByText('Each tag must be at most 40 characters')).toBeHidden();

  await tags.fill(Array.from({ length: 19 }, (_, i) => `tag ${i + 1}`).join(','));
  const chips = form.getByRole('list', { name: 'Tags added' }).getByRole('listitem');
  await expect(chips).toHaveCount(20);
  await expect(chips.nth(1)).toHaveText(/^tag1/);
  await tags.fill('one more');
  await tags.press('Enter');
  await expect(form.getByText('At most 20 tags')).toBeVisible();
  await expect(chips).toHaveCount(20);

  await tags.fill('');
  await tags.press('Backspace');
  await expect(chips).toHaveCount(19);
  await expect(form.getByRole('button', { name: 'Remove tag tag19' })).toBeHidden();
});

test("another partner's game shows a friendly not-found on Detail and in the edit form", async ({ page, request }) => {
  const owner = await registerConnectedPartner(request);
  const game = await createGame(request, owner);
  const other = await registerConnectedPartner(request);
  await signIn(page, other);

  await page.goto(`/developers/my-project/detail?name=Orbit+Tag&id=${game.id}&type=game`);
  await expect(page.getByRole('heading', { name: 'This project does not exist.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Project' })).toHaveCount(0);
  await page.goto(`/developers/my-project/submission?id=${game.id}`);
  await expect(page.getByRole('heading', { name: 'This project does not exist.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Projects' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('an unconnected partner can still open My Projects and sees both empty lists', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project');
  await expect(page.getByRole('region', { name: 'AR Game' }).getByText('No AR games yet')).toBeVisible();
  await expect(page.getByRole('region', { name: '3D Model' }).getByText('No 3D models yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create an AR game' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
});
