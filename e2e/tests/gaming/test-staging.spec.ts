import { gameErrorCatalog, gameFieldMessages } from '@portal/contracts';
import {
  authHeaders,
  expect,
  gameDetailUrl,
  registerConnectedPartner,
  seedGameInTesting,
  seedSubmittedGame,
  signIn,
  test,
} from '../../fixtures/test.ts';
import { enableTotp } from '../../fixtures/two-factor.ts';

test('the staging console signs in to the game server, plays a testing version and logs every answer', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('link', { name: 'Test Staging File' }).click();
  await expect(page).toHaveURL(`/developers/my-project/test-staging?${new URLSearchParams({ prodId: game.id })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test Staging Site');

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const log = page.getByRole('list', { name: 'Results and events' });
  const picker = page.getByRole('combobox', { name: 'Action' });
  const entry = (name: string) => log.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

  // the console's own login, checked as the login page checks it
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Please input password')).toBeVisible();
  await expect(page.getByText('Please input the email')).toBeVisible();
  await page.getByLabel('Email').fill(partner.email);
  await page.getByLabel('Password').fill(partner.password);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(notifications.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();

  // CreateGame: the product comes from the link, the rest from the defaults; the round bounds check each other
  await expect(picker).toHaveValue('CreateGame');
  await expect(page.getByLabel('Product ID')).toHaveValue(game.id);
  await expect(page.getByLabel('AR ID')).toHaveValue('lobby-anchor');
  await expect(page.getByLabel('Total Time (seconds)')).toHaveValue('60');
  await page.getByLabel('Maximum Rounds').fill('5');
  await expect(page.getByText(gameFieldMessages.roundsMaxBelowMin)).toBeVisible();
  await expect(page.getByText('Must be greater than minimum number of rounds')).toBeVisible();
  await expect(page.getByText(gameFieldMessages.roundsMinAboveMax)).toBeVisible();
  await page.getByLabel('Maximum Rounds').fill('15');
  await expect(page.getByText(gameFieldMessages.roundsMaxBelowMin)).toBeHidden();
  await expect(page.getByText(gameFieldMessages.roundsMinAboveMax)).toBeHidden();
  // the version in testing, the only one, is pre-filled; emptied, the form says it is needed
  await expect(page.getByLabel('Product Version')).toHaveValue('1');
  await page.getByLabel('Product Version').fill('');
  await page.getByRole('button', { name: 'Create game', exact: true }).click();
  await expect(page.getByText(gameFieldMessages.productVersionRequired)).toBeVisible();
  await page.getByLabel('Product Version').fill('1');
  await page.getByRole('button', { name: 'Create game', exact: true }).click();
  await expect(entry('CreateGame')).toContainText('Succeeded');
  await expect(notifications.getByText('CreateGame successfully')).toBeVisible();
  // on the 24-hour clock, whatever the browser's region
  await expect(entry('CreateGame').locator('time')).toHaveText(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  const gameId = (await page.locator('.gaming-card__intro code').textContent()) ?? '';
  expect(gameId).not.toBe('');
  await entry('CreateGame').getByText('Data').click();
  await expect(entry('CreateGame').locator('pre')).toContainText(`"id": "${gameId}"`);

  // the created game pre-fills the other forms
  await picker.selectOption('StartGame');
  await expect(page.getByLabel('Game ID')).toHaveValue(gameId);
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await expect(entry('StartGame')).toContainText('Succeeded');
  await expect(entry('started')).toContainText('Event');
  // newest first: the event came after the answer
  await expect(log.getByRole('listitem').nth(2)).toContainText('CreateGame');

  // a refused action: Failed in the log, the server's message in an error toast
  await picker.selectOption('EndGame');
  await page.getByLabel('Game ID').fill('no-such-game');
  await page.getByRole('button', { name: 'End game', exact: true }).click();
  await expect(entry('EndGame')).toContainText('Failed');
  await expect(entry('EndGame')).toContainText(gameErrorCatalog.GameNotFound);
  await expect(notifications.getByRole('alert')).toContainText(gameErrorCatalog.GameNotFound);

  // other forms keep SPEC §5's messages
  await picker.selectOption('SetAchieveGoalInRound');
  await page.getByLabel('Game ID').fill('');
  await page.getByRole('button', { name: 'Set goal in round' }).click();
  await expect(page.getByText(gameFieldMessages.gameIdRequired)).toBeVisible();
  await expect(page.getByText(gameFieldMessages.keyRequired)).toBeVisible();
  await expect(page.getByText(gameFieldMessages.valueRequired)).toBeVisible();

  await page.getByRole('button', { name: 'Clear log' }).click();
  await expect(log).toBeHidden();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(notifications.getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expect(picker).toBeHidden();
});

test('a wrong password on the game server is refused and the console stays signed out', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner, { withBuilds: false });
  await signIn(page, partner);
  await page.goto(`/developers/my-project/test-staging?${new URLSearchParams({ prodId: game.id })}`);
  await page.getByLabel('Email').fill(partner.email);
  await page.getByLabel('Password').fill('WrongPassword1');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  // the partner's own session is untouched
  await page.goto('/developers/my-project');
  await expect(page).toHaveURL(/\/developers\/my-project$/);
});

test('an account with two-step sign-in connects the console with a code after its password', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner, { withBuilds: false });
  const { app } = await enableTotp(request, partner);
  await signIn(page, partner);
  await page.goto(`/developers/my-project/test-staging?${new URLSearchParams({ prodId: game.id })}`);
  await page.getByLabel('Email').fill(partner.email);
  await page.getByLabel('Password').fill(partner.password);
  await page.getByRole('button', { name: 'Connect' }).click();
  const secondStep = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(secondStep.getByText(`The password of ${partner.email} was right.`)).toBeVisible();
  await secondStep.getByLabel('Authentication code').fill('000000');
  await secondStep.getByRole('button', { name: 'Verify' }).click();
  await expect(secondStep.getByText('The code is incorrect or has already been used.')).toBeVisible();
  await secondStep.getByLabel('Authentication code').fill(await app.nextCode());
  await expect(async () => {
    await secondStep.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Connected', { exact: true }),
    ).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(page.getByText(`Signed in to the game server as ${partner.email}.`)).toBeVisible();
});

test.describe('in a browser of the United States, whose own clock has 12 hours', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('the console pre-fills the version on sale, not a newer one in testing, and keeps a 24-hour clock in a 12-hour region', async ({
    page,
    request,
  }) => {
    const partner = await registerConnectedPartner(request);
    const { game } = await seedSubmittedGame(request, partner, 'released');
    const added = await request.post('/api/Product/Version', {
      headers: authHeaders(partner),
      data: { productId: game.id, productVersion: 2 },
    });
    expect(added.ok()).toBe(true);
    await signIn(page, partner);
    await page.goto(`/developers/my-project/test-staging?${new URLSearchParams({ prodId: game.id })}`);
    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password').fill(partner.password);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByLabel('Product Version')).toHaveValue('1');
    await page.getByRole('button', { name: 'Create game', exact: true }).click();
    const log = page.getByRole('list', { name: 'Results and events' });
    await expect(log.getByRole('listitem').first()).toContainText('Succeeded');
    await expect(log.getByRole('listitem').first().locator('time')).toHaveText(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  });
});
