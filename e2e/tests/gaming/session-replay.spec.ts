import { readFile } from 'node:fs/promises';
import type { Page, WebSocketRoute } from '@playwright/test';
import { gameFieldMessages, syntheticBehaviourLabels } from '@portal/contracts';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  expect,
  holdRequests,
  type Partner,
  registerConnectedPartner,
  seedGameInTesting,
  seriousAxeViolations,
  signIn,
  test,
} from '../../fixtures/test.ts';

interface SavedRecord {
  type: 'invocation' | 'result' | 'event' | 'connection';
  action?: string;
  status?: string;
  message?: { jsonData: string | null };
}

/** The console of the partner's new testing game, connected to the game server. */
async function openConnectedConsole(page: Page, partner: Partner, productId: string) {
  await signIn(page, partner);
  await page.goto(`/developers/my-project/test-staging?${new URLSearchParams({ prodId: productId })}`);
  await page.getByLabel('Email').fill(partner.email);
  await page.getByLabel('Password').fill(partner.password);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(notifications(page).getByText('Connected', { exact: true })).toBeVisible();
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const logEntry = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Results and events' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

/** Creates a game of version 1 from the console: two rounds of three seconds, so its bots play within seconds. */
async function createShortGame(page: Page) {
  await page.getByLabel('Product Version').fill('1');
  await page.getByLabel('Total Time (seconds)').fill('6');
  await page.getByLabel('Total Rounds').fill('2');
  await page.getByRole('button', { name: 'Create game', exact: true }).click();
  await expect(logEntry(page, 'CreateGame')).toContainText('Succeeded');
}

async function downloadSessionLog(page: Page, outputPath: (name: string) => string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download session log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^staging-session-\d{4}-\d{2}-\d{2}-\d{6}\.json$/);
  const file = outputPath(download.suggestedFilename());
  await download.saveAs(file);
  return { file, saved: JSON.parse(await readFile(file, 'utf8')) as { records: SavedRecord[] } & object };
}

test('synthetic players play a short game with the console, whose saved session replays step by step against a new game', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner);
  await openConnectedConsole(page, partner, game.id);
  const bots = page.getByRole('region', { name: 'Synthetic players' });
  await expect(bots).toBeHidden();
  await createShortGame(page);

  // bots for the game just created, their number checked with the contract's messages
  await expect(bots.getByText('No synthetic players in this game yet.')).toBeVisible();
  await expect(bots.getByRole('button', { name: 'Remove players' })).toBeDisabled();
  const count = bots.getByLabel('Number of players');
  await count.fill('17');
  await bots.getByRole('button', { name: 'Add players' }).click();
  await expect(bots.getByText(gameFieldMessages.syntheticCount)).toBeVisible();
  await count.fill('');
  await expect(bots.getByText(gameFieldMessages.syntheticCountRequired)).toBeVisible();
  await count.fill('2');
  await bots.getByLabel('Behaviour').selectOption({ label: syntheticBehaviourLabels.win });
  await bots.getByRole('button', { name: 'Add players' }).click();
  await expect(notifications(page).getByText('AddSyntheticPlayers successfully')).toBeVisible();
  const botList = bots.getByRole('list', { name: 'Synthetic players in this game' });
  await expect(botList.getByRole('listitem')).toHaveCount(2);
  await expect(botList.getByRole('listitem').first()).toContainText('Bot 1');
  await expect(botList.getByRole('listitem').first()).toContainText(syntheticBehaviourLabels.win);
  await expect(logEntry(page, 'joined')).toHaveCount(2);

  // the game starts: each bot sets its information, then reports its win in the last round
  await page.getByRole('combobox', { name: 'Action' }).selectOption('StartGame');
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await expect(logEntry(page, 'started')).toHaveCount(1);
  await expect(logEntry(page, 'infoSet')).toHaveCount(2);
  await expect(logEntry(page, 'win')).toHaveCount(2);
  await expect(botList.getByText('Reported a win')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Action' }).selectOption('GetGameInformation');
  await page.getByRole('button', { name: 'Get game information' }).click();
  await expect(logEntry(page, 'GetGameInformation')).toContainText('Succeeded');

  // the session, saved as JSON: every invocation with its result, and every event
  const { file, saved } = await downloadSessionLog(page, (name) => testInfo.outputPath(name));
  expect(saved).toMatchObject({
    format: 'staging-session-log',
    version: 1,
    productId: game.id,
    endedAt: null,
    droppedRecords: 0,
  });
  const ofType = (type: SavedRecord['type']) => saved.records.filter((record) => record.type === type);
  const invoked = ['CreateGame', 'AddSyntheticPlayers', 'StartGame', 'GetGameInformation'];
  expect(ofType('invocation').map((record) => record.action)).toEqual(invoked);
  expect(ofType('result').map((record) => record.action)).toEqual(invoked);
  const events = ofType('event').map((record) => JSON.parse(record.message?.jsonData ?? '{}').event);
  expect(events.filter((name) => name === 'win')).toHaveLength(2);
  expect(events).toContain('infoSet');

  // a file that is not a session log is refused, saying so
  const loader = page.getByLabel('Load a saved log');
  await loader.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"notes":[]}') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a session log' })).toBeVisible();

  // replayed one step at a time: a new game, new bots, the same answers once ids and times are set aside
  await loader.setInputFiles(file);
  const replay = page.getByRole('region', { name: /^Replay of staging-session-/ });
  const steps = replay.getByRole('list', { name: 'Replay steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(replay.getByRole('status')).toHaveText('4 invocations to replay.');
  const next = replay.getByRole('button', { name: 'Next step' });
  for (const [index, action] of invoked.slice(0, 3).entries()) {
    await next.click();
    await expect(steps.nth(index)).toContainText(action);
    await expect(steps.nth(index)).toContainText('Same');
  }
  const replayedGameId = (await page.locator('.gaming-card__intro code').first().textContent()) ?? '';
  expect(replayedGameId).not.toBe(JSON.parse(ofType('result')[0]?.message?.jsonData ?? '{}').id);
  // right after the start the new bots have not played yet: recorded, they had won
  await next.click();
  await expect(steps.nth(3)).toContainText('Different');
  const difference = steps
    .nth(3)
    .getByRole('list', { name: 'Differences of step 4' })
    .getByRole('listitem')
    .filter({ hasText: 'data.players[1].result' });
  await expect(difference.getByRole('definition')).toHaveText(['"Win"', 'null']);
  await expect(replay.getByRole('status')).toHaveText('4 of 4 replayed: 3 same, 1 different.');
  await expect(next).toBeDisabled();

  // at the original pace: the player waits the recorded gaps, and pauses
  await replay.getByRole('button', { name: 'Reset' }).click();
  await expect(steps.nth(0)).toContainText('Not replayed');
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(replay.getByRole('status')).toHaveText(/^Waiting \d+\.\d s before step 4, as recorded\.$/);
  await expect(steps.nth(2)).toContainText('Same');
  await replay.getByRole('button', { name: 'Pause' }).click();
  await expect(replay.getByRole('status')).toHaveText('3 of 4 replayed: 3 same, 0 different.');
  await expect(replay.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();

  // the replayed game's bots are listed, and leave when asked
  await expect(botList.getByRole('listitem')).toHaveCount(2);
  await bots.getByRole('button', { name: 'Remove players' }).click();
  await expect(notifications(page).getByText('RemoveSyntheticPlayers successfully')).toBeVisible();
  await expect(bots.getByText('No synthetic players in this game yet.')).toBeVisible();

  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page), `at ${viewport.width} px`).toEqual([]);
    expect(await seriousAxeViolations(page), `at ${viewport.width} px`).toEqual([]);
  }

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(notifications(page).getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(bots).toBeHidden();
  await expect(page.getByRole('region', { name: 'Session log' })).toContainText(
    /Recorded from .+ to .+: \d+ records\./,
  );
  await expect(replay.getByText('Connect to the game server to replay this session.')).toBeVisible();
});

test('a lost connection comes back on its own, and the session log records the reconnect', async ({
  page,
  request,
}, testInfo) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner, { withBuilds: false });
  const sockets: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await page.routeWebSocket(/\/socket\/Gaming/, (socket) => {
    sockets.push({ page: socket, server: socket.connectToServer() });
  });
  await openConnectedConsole(page, partner, game.id);
  await createShortGame(page);
  const bots = page.getByRole('region', { name: 'Synthetic players' });
  await bots.getByRole('button', { name: 'Add players' }).click();
  await expect(bots.getByRole('list', { name: 'Synthetic players in this game' })).toContainText('Bot 1');

  // the network drops the socket; the first attempts to come back wait on the server
  const release = await holdRequests(page, '**/socket/Gaming/negotiate**');
  const dropped = sockets.at(-1);
  await dropped?.server.close();
  await dropped?.page.close({ code: 4000, reason: 'Network lost' });
  const connection = page.getByRole('region', { name: 'Connection' });
  await expect(connection.getByText('Reconnecting', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Reconnecting…')).toBeVisible();
  await expect(connection).toContainText('The connection was lost: reconnecting as');
  // the server lets the bots go with the connection that added them
  await expect(bots.getByText('No synthetic players in this game yet.')).toBeVisible();

  release();
  await expect(notifications(page).getByText('Connected', { exact: true })).toBeVisible();
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Reconnecting…')).toBeHidden();

  const { saved } = await downloadSessionLog(page, (name) => testInfo.outputPath(name));
  expect(saved.records.filter((record) => record.type === 'connection').map((record) => record.status)).toEqual([
    'connected',
    'reconnecting',
    'reconnected',
  ]);
});
