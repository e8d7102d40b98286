import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { HubConnectionBuilder, type IHttpConnectionOptions, LogLevel } from '@microsoft/signalr';
import type { APIRequestContext, Page } from '@playwright/test';
import { ANALYTICS_CSV_HEADER, payoutZoneDate } from '@portal/contracts';
import { ANALYTICS_PATH, MY_PROJECTS_PATH } from '@portal/contracts/pages';
import { WebSocket } from 'ws';
import { horizontalOverflow } from '../../fixtures/layout.ts';
import {
  authHeaders,
  createGame,
  createModel,
  expect,
  registerConnectedPartner,
  registerPartner,
  releaseFirstVersion,
  reportSale,
  seriousAxeViolations,
  shootTeamPage,
  signIn,
  test,
} from '../../fixtures/test.ts';

/** Runs the minute's analytics rollup now (tests only: CLOCK_CONTROL), rather than wait for the job's minute. */
async function rollUp(request: APIRequestContext) {
  const response = await request.post('/testing/analytics/rollup');
  expect(response.ok(), await response.text()).toBe(true);
}

async function openFromMenu(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYTICS_PATH}$`));
  await expect(page.getByRole('heading', { name: 'Analytics', level: 2 })).toBeVisible();
}

test('a studio with nothing played yet is told how figures come, from the account menu', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto(MY_PROJECTS_PATH);
  await openFromMenu(page);
  await expect(page).toHaveTitle(/Analytics/);
  const empty = page.getByRole('region', { name: 'No plays yet' });
  await expect(empty).toContainText('Release a version of a game');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await empty.getByRole('link', { name: 'Go to My Projects' }).click();
  await expect(page).toHaveURL(new RegExp(`${MY_PROJECTS_PATH}$`));
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("a released game's views show with its plays hidden below five players; the chart switches figure, the range changes, the CSV downloads", async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const name = `Lantern Run ${randomUUID().slice(0, 6)}`;
  const game = await createGame(request, partner, { name });
  await releaseFirstVersion(request, partner, game);
  // three reads of the live game by people outside the studio: three views, no player yet
  for (let n = 0; n < 3; n++) {
    const read = await request.get(`/api/Product/Live/${game.id}`);
    expect(read.ok(), await read.text()).toBe(true);
  }
  await rollUp(request);

  await signIn(page, partner);
  // My Projects tells the last seven days in a line, which leads to Analytics
  await page.goto(MY_PROJECTS_PATH);
  const line = page.getByText('Last 7 days').locator('..');
  await expect(line).toContainText('< 5 plays · < 5 players · 3 views · 0 sales');
  await shootTeamPage(page, 'my-projects-plays-line');
  await line.getByRole('link', { name: 'See analytics' }).click();
  await expect(page).toHaveURL(/\/analytics\?days=7$/);
  await expect(page.getByLabel('Days')).toHaveValue('7');
  const stats = page.locator('.analytics-stats');
  const stat = (label: string) => stats.locator('div', { has: page.getByText(label, { exact: true }) });
  await expect(stat('Views')).toContainText('3');
  // no player: plays and players are hidden, in words for a screen reader
  await expect(stat('Plays')).toContainText('< 5');
  await expect(stat('Players').getByText('fewer than 5 players')).toBeAttached();

  const items = page.getByRole('region', { name: 'Games and 3D models, the most played first' });
  const row = items.getByRole('row', { name: new RegExp(name) });
  // plays, players, minutes hidden; three views; no sale
  await expect(row.getByRole('cell')).toHaveText([
    '< 5fewer than 5 players',
    '< 5fewer than 5 players',
    '< 5fewer than 5 players',
    '3',
    '0',
    '0.00 USD',
  ]);

  // the chart shows plays first; Views is pressed by keyboard
  const chart = page.getByRole('figure', { name: /a day/ });
  await expect(chart.getByRole('heading', { name: 'Plays a day' })).toBeVisible();
  await expect(chart.getByRole('img', { name: /^Plays a day from/ })).toBeVisible();
  await chart.getByRole('button', { name: 'Views' }).focus();
  await page.keyboard.press('Enter');
  await expect(chart.getByRole('button', { name: 'Views' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByRole('img', { name: /^Views a day from/ })).toBeVisible();

  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
  await shootTeamPage(page, 'analytics');

  // the CSV: the game's row of today, plays hidden as on screen
  const today = payoutZoneDate(new Date());
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path()) as string, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(ANALYTICS_CSV_HEADER.join(','));
  expect(lines.slice(1)).toEqual([`${today},${name},${game.id},< 5,< 5,< 5,< 5,< 5,,< 5,3`]);

  // a range of 90 days: the address keeps it, the dates, chart and totals follow
  const weekRange = await page.locator('.analytics-range').textContent();
  await page.getByLabel('Days').selectOption('90');
  await expect(page).toHaveURL(/days=90/);
  await expect(page.locator('.analytics-range')).not.toHaveText(weekRange ?? '');
  await expect(stat('Views')).toContainText('3');

  // the game's name leads to its Detail page, whose Analytics tab shows the game's path to a sale
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/tab=analytics/);
  const path = page.getByRole('region', { name: 'From AR to a sale' });
  await expect(path.getByRole('listitem')).toHaveText(['Views3', 'Sales0', 'Plays< 5fewer than 5 players']);
  await expect(page.getByRole('region', { name: 'Who comes back' })).toContainText(
    'No one played it for the first time in these days.',
  );
  await page.getByLabel('Group by').selectOption('week');
  await expect(page.getByRole('heading', { name: 'Plays a week' })).toBeVisible();
  // back to Versions by keyboard: the tabs are one tab stop, arrows move between them
  await page.getByRole('tab', { name: 'Analytics' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).not.toHaveURL(/tab=analytics/);
});

test("a 3D model's Analytics tab names the stages that place it, its views and its sales with their income", async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const name = `Paper Crane ${randomUUID().slice(0, 6)}`;
  const model = await createModel(request, partner, { name });
  await releaseFirstVersion(request, partner, { id: model.id, itemType: 'Model' });
  const placed = await request.post('/api/Stage', {
    headers: authHeaders(partner),
    data: {
      name: 'Harbour Steps',
      latitude: 22.2855,
      longitude: 114.1577,
      anchorId: 'harbour-steps',
      contents: [{ type: 'Asset3D', assetId: model.id, position: [0, 0, 1], rotation: [0, 0, 0], scale: [1, 1, 1] }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const sale = await reportSale(request, { id: model.id, itemType: 'Model' }, { totalPrice: 299 });
  expect((await request.get(`/api/Product/Live/${model.id}`)).ok()).toBe(true);
  await rollUp(request);

  await signIn(page, partner);
  await page.goto(
    `/developers/my-project/detail?${new URLSearchParams({ id: model.id, type: 'model', tab: 'analytics' })}`,
  );
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  const path = page.getByRole('region', { name: 'From AR to a sale' });
  await expect(path.getByRole('listitem')).toHaveText(['Seen on your stages0', 'Views1', 'Sales1']);
  const stats = page.locator('.analytics-stats');
  await expect(stats).toContainText(`${(sale.income / 100).toFixed(2)} USD`);
  await expect(
    page
      .getByRole('region', { name: 'Stages that place it, the most seen first' })
      .getByRole('row', { name: /Harbour Steps/ }),
  ).toContainText('0');
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
  await shootTeamPage(page, 'analytics-model-detail');
});

/** A person on the game host through the official SignalR client (as the AR app plays), in Node. */
async function gamePlayer(request: APIRequestContext, baseURL: string, person: { email: string; password: string }) {
  const login = await request.post('/game/api/Access/Login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { accessToken: string }).accessToken.replace(/^Bearer /, '');
  // `WebSocket` is read by the client in Node but missing from its typings
  const options: IHttpConnectionOptions & { WebSocket: typeof WebSocket } = {
    accessTokenFactory: () => token,
    WebSocket,
  };
  const client = new HubConnectionBuilder()
    .withUrl(`${baseURL}/game/socket/Gaming?v=1.17`, options)
    .configureLogging(LogLevel.None)
    .build();
  const results: Array<{ succeeded: boolean; jsonData: string | null }> = [];
  client.on('ReceiveMessage', (message: { succeeded: boolean; jsonData: string | null }) => results.push(message));
  await client.start();
  const act = async (action: string, ...args: unknown[]) => {
    const before = results.length;
    await client.invoke(action, ...args);
    await expect.poll(() => results.length).toBeGreaterThan(before);
    const result = results[before];
    expect(result?.succeeded, JSON.stringify(result)).toBe(true);
    return result;
  };
  return { client, act };
}

test('Playing now counts the people in the studio’s games as they play, with a pulse, and no one once they go', async ({
  page,
  request,
  baseURL,
}) => {
  const partner = await registerConnectedPartner(request);
  const name = `Comet Chase ${randomUUID().slice(0, 6)}`;
  const game = await createGame(request, partner, { name });
  await releaseFirstVersion(request, partner, game);
  await signIn(page, partner);
  await page.goto(ANALYTICS_PATH);
  const now = page.getByRole('region', { name: 'Playing now' });
  await expect(now).toContainText('No one is playing your games right now.');

  const [host, guest] = [
    await gamePlayer(request, baseURL as string, await registerPartner(request)),
    await gamePlayer(request, baseURL as string, await registerPartner(request)),
  ];
  try {
    const created = await host.act('CreateGame', 'anchor', { ProductId: game.id, ProductVersion: 1 });
    const gameId = (JSON.parse(created?.jsonData ?? '{}') as { id: string }).id;
    await guest.act('JoinGame', gameId);
    // the game host tells its players every five seconds
    await expect(now).toContainText('2 players', { timeout: 20_000 });
    await expect(now).toContainText(`${name}: 2`);
    await expect(now.locator('.analytics-live__pulse--on')).toBeVisible();
    await shootTeamPage(page, 'analytics-playing-now');
  } finally {
    await Promise.all([host.client.stop(), guest.client.stop()]);
  }
  await expect(now).toContainText('No one is playing your games right now.', { timeout: 20_000 });
});
