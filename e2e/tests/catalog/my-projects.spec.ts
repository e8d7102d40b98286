import {
  createGame,
  createModel,
  expect,
  imageUrls,
  registerConnectedPartner,
  seriousAxeViolations,
  signIn,
  test,
  uploadImage,
} from '../../fixtures/test.ts';

test('My Projects pages the AR games 8 at a time, newest first', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const images = imageUrls(
    await uploadImage(request, partner, 'game-icon.png'),
    await uploadImage(request, partner, 'game-cover.jpg'),
  );
  for (let n = 1; n <= 9; n += 1) await createGame(request, partner, { name: `Game ${n}` }, images);
  await signIn(page, partner);
  await page.goto('/developers/my-project');

  const games = page.getByRole('region', { name: 'AR Game' });
  const cards = games.getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText('Game 9');
  await expect(cards.last()).toContainText('Game 2');
  const pages = games.getByRole('navigation', { name: 'AR Game pages' });
  await expect(pages.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: '2' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Game 1');
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(cards).toHaveCount(8);

  const models = page.getByRole('region', { name: '3D Model' });
  await expect(models.getByText('No 3D models yet')).toBeVisible();
  await expect(models.getByRole('navigation')).toHaveCount(0);
});

test('Start Submission opens the AR game or the 3D model form, from the keyboard too', async ({ page, request }) => {
  await signIn(page, await registerConnectedPartner(request));
  await page.goto('/start-submission');
  await expect(page.getByRole('heading', { name: 'Choose project category' })).toBeVisible();
  await page.getByRole('link', { name: /AR GAME/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/developers\/my-project\/submission$/);
  await expect(page.getByRole('form', { name: 'New AR game' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: /3D Model/ }).click();
  await expect(page.getByRole('form', { name: 'New 3D model' })).toBeVisible();
});

test('the catalog screens have no serious accessibility violations and fit a 390 px screen', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const game = await createGame(request, partner, {
    name: 'A rather long project name that has to wrap on phones',
    tags: ['Puzzle', 'Multiplayer'],
  });
  await createModel(request, partner);
  await signIn(page, partner);
  await page.setViewportSize({ width: 390, height: 844 });
  const paths = [
    '/developers/my-project',
    '/start-submission',
    '/developers/my-project/submission',
    '/developers/my-project/3D-model-submission',
    `/developers/my-project/detail?name=Game&id=${game.id}&type=game`,
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page), path).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
