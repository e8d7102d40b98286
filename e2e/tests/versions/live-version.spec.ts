import {
  authHeaders,
  consoleEntry,
  expect,
  gameDetailUrl,
  registerConnectedPartner,
  seedSubmittedGame,
  signIn,
  signInAdmin,
  test,
  uploadBuild,
} from '../../fixtures/test.ts';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

test('the live version stays on sale while its update is reviewed, and an update chosen for a manual release waits for the partner', async ({
  page,
  browser,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedSubmittedGame(request, partner, 'released');
  const headers = authHeaders(partner);
  const added = await request.post('/api/Product/Version', {
    headers,
    data: { productId: game.id, productVersion: 2 },
  });
  const v2 = (await added.json()) as { id: string };
  const saved = await request.put(`/api/Product/Version/${v2.id}`, {
    headers,
    data: {
      updateLog: 'Version 2: a night mode.',
      iosAssetUrl: await uploadBuild(request, partner, 'orbit2-ios.ab'),
      androidAssetUrl: await uploadBuild(request, partner, 'orbit2-android.glb'),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  const testing = page.getByRole('region', { name: 'Version 2 · testing' });
  const choice = testing.getByRole('checkbox', { name: 'Release automatically when accepted' });
  await expect(choice).toBeChecked();
  await choice.uncheck();
  await testing.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast(page, 'submit successfully')).toBeVisible();

  const release = page.getByRole('region', { name: 'Release version' });
  await expect(release.getByText('Waiting for Review')).toBeVisible();
  await expect(release.getByText('Live: version 1')).toBeVisible();
  await expect(release.getByText('Version 1 stays on sale until this one is released.')).toBeVisible();
  await expect(release.getByText('Once accepted, it waits for you to release it.')).toBeVisible();
  await expect(release.getByRole('button', { name: 'Take Down Version 1' })).toBeEnabled();

  // what a buyer's AR app reads during the review: still version 1, and the game is still on the marketplace
  expect(await (await request.get(`/api/Product/Live/${game.id}`)).json()).toMatchObject({ version: 1 });
  const buyer = await browser.newPage();
  await buyer.goto('/developers');
  await expect(buyer.getByText(game.name)).toBeVisible();
  await buyer.close();

  const adminPage = await browser.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, game.name, { version: 2 });
  await entry.getByRole('button', { name: 'Start Review' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Review started' })).toBeVisible();
  await entry.getByRole('button', { name: 'Accept' }).click();
  const accept = adminPage.getByRole('dialog', { name: 'Accept this version?' });
  await expect(accept).toContainText('waits for its partner to release it');
  await accept.getByRole('button', { name: 'Accept and release' }).click();
  await expect(entry).toHaveCount(0);
  await adminPage.close();

  await page.reload();
  await expect(release.getByText('Ready To Release')).toBeVisible();
  await expect(release.getByRole('note')).toContainText('version 1 stays on sale until then');
  expect(await (await request.get(`/api/Product/Live/${game.id}`)).json()).toMatchObject({ version: 1 });
  await page.goto('/developers/my-project');
  const games = page.getByRole('region', { name: 'AR Game', exact: true });
  await expect(games.getByRole('listitem').filter({ hasText: game.name })).toContainText('Ready To Release');

  await page.goto(gameDetailUrl(game));
  await release.getByRole('button', { name: 'Release this version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release this version?' });
  await expect(dialog).toContainText('Version 2 goes on sale in the marketplace now, in place of version 1.');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await expect(toast(page, 'Version released')).toBeVisible();
  await expect(release.getByText('Live: version 2')).toBeVisible();
  await expect(release.getByRole('button', { name: 'Release this version' })).toHaveCount(0);
  await expect(release.getByRole('button', { name: 'Take Down' })).toBeEnabled();
  expect(await (await request.get(`/api/Product/Live/${game.id}`)).json()).toMatchObject({ version: 2 });
});
