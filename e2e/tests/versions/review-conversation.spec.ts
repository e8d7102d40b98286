import {
  consoleEntry,
  expect,
  gameVersionUrl,
  readOutbox,
  registerConnectedPartner,
  seedSubmittedGame,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
} from '../../fixtures/test.ts';

test('a reviewer asks about a version, the partner answers from the Version page', async ({
  page,
  browser,
  request,
}) => {
  const partner = await registerConnectedPartner(request, { firstName: 'Noor' });
  const { game, versionId } = await seedSubmittedGame(request, partner);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, await signInAdmin(request));
  const entry = await consoleEntry(adminPage, game.name);
  await entry.getByRole('button', { name: 'Conversation (0)' }).click();
  const adminThread = entry.getByRole('region', { name: 'Conversation with Noor Chen' });
  await expect(adminThread.getByText('No messages yet.')).toBeVisible();
  await adminThread.getByLabel('Your message').fill('Which devices did you test the four-player mode on?');
  await adminThread.getByRole('button', { name: 'Send' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await expect(adminThread.getByRole('listitem')).toHaveText([
    /^You .*Which devices did you test the four-player mode on\?$/,
  ]);

  const mail = (await readOutbox(request)).find((m) => m.to === partner.email);
  expect(mail?.subject).toBe(`The review team wrote about ${game.name} version 1`);
  expect(mail?.text).toContain('Which devices did you test the four-player mode on?');

  await signIn(page, partner);
  await page.clock.install();
  await page.goto(gameVersionUrl(game.id, versionId));
  const thread = page.getByRole('region', { name: 'Conversation with the review team' });
  await expect(thread.getByRole('listitem')).toHaveText([
    /^Lumora review team .*Which devices did you test the four-player mode on\?$/,
  ]);
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Please write a message')).toBeVisible();
  await page.clock.runFor(1000);
  await thread.getByLabel('Your message').fill('A Pixel 8 and an iPhone 15,\nfour players on each.');
  await expect(thread.getByText('Please write a message')).toBeHidden();
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('You');
  await expect(thread.getByRole('listitem').nth(1)).toContainText('A Pixel 8 and an iPhone 15,\nfour players on each.');
  await expect(thread.getByLabel('Your message')).toHaveValue('');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await adminPage.reload();
  const reloaded = await consoleEntry(adminPage, game.name);
  await expect(reloaded.getByText('Partner replied')).toBeVisible();
  await reloaded.getByRole('button', { name: 'Conversation (2)' }).click();
  const reloadedThread = reloaded.getByRole('region', { name: 'Conversation with Noor Chen' });
  await expect(reloadedThread.getByRole('listitem').nth(1)).toContainText('Noor Chen');
  await expect(reloadedThread.getByRole('listitem').nth(1)).toContainText('four players on each.');
  expect(await seriousAxeViolations(adminPage)).toEqual([]);
  await adminContext.close();
});
