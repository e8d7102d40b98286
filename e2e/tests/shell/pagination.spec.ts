import {
  createGame,
  expect,
  imageUrls,
  registerConnectedPartner,
  signIn,
  test,
  uploadImage,
} from '../../fixtures/test.ts';

test('a long list pages through a window of numbers: first, last, the current one and its neighbours', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const partner = await registerConnectedPartner(request);
  const images = imageUrls(
    await uploadImage(request, partner, 'game-icon.png'),
    await uploadImage(request, partner, 'game-cover.jpg'),
  );
  // 9 pages of 8
  for (let n = 1; n <= 65; n += 1) await createGame(request, partner, { name: `Orbit ${n}` }, images);
  await signIn(page, partner);
  await page.goto('/developers/my-project');

  const pages = page.getByRole('navigation', { name: 'AR Game pages' });
  const numbers = pages.getByRole('button', { name: /^\d+$/ });
  await expect(numbers).toHaveText(['1', '2', '9']);
  await expect(pages.getByText('…')).toHaveCount(1);
  await expect(pages.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');

  await pages.getByRole('button', { name: '9', exact: true }).click();
  await expect(numbers).toHaveText(['1', '8', '9']);
  await pages.getByRole('button', { name: '8', exact: true }).click();
  await expect(numbers).toHaveText(['1', '7', '8', '9']);
  for (let n = 0; n < 3; n += 1) await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(numbers).toHaveText(['1', '4', '5', '6', '9']);
  await expect(pages.getByText('…')).toHaveCount(2);
  await expect(pages.getByRole('button', { name: '5', exact: true })).toHaveAttribute('aria-current', 'page');
});
