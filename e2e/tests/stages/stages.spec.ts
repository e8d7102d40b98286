import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import {
  authHeaders,
  createModel,
  cubeGlb,
  expect,
  fixtureFile,
  type Partner,
  registerConnectedPartner,
  registerPartner,
  seriousAxeViolations,
  signIn,
  signInAdmin,
  test,
  waitForValidation,
} from '../../fixtures/test.ts';

interface Asset {
  id: string;
  name: string;
}

interface Stage {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  heading: number;
  anchorId: string;
  state: string;
  contents: Array<{ type: string; name: string; assetId: string | null; utility: string | null; position: number[] }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An image uploaded for stages through the API, as the stage form's upload button sends it. */
async function uploadStageImage(request: APIRequestContext, partner: Partner, name: string): Promise<Asset> {
  const response = await request.post('/api/Stage/Media', {
    headers: authHeaders(partner),
    multipart: { file: { name, mimeType: 'image/png', buffer: await readFile(fixtureFile('game-icon.png')) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Asset;
}

/** A draft stage with one image on it, seeded through the API. */
async function createStage(request: APIRequestContext, partner: Partner, name: string, image: Asset): Promise<Stage> {
  const response = await request.post('/api/Stage', {
    headers: authHeaders(partner),
    data: {
      name,
      description: 'Posters along the pier.',
      latitude: 22.28552,
      longitude: 114.15769,
      heading: 90,
      anchorId: 'pier-anchor-1',
      contents: [
        {
          type: 'Image',
          name: 'Pier poster',
          assetId: image.id,
          position: [1, 0, 2],
          rotation: [0, 0, 0],
          scale: [1, 1, 1],
        },
        {
          type: 'Utility',
          name: 'Fountain',
          utility: 'TokenFountain',
          position: [-2, 0, 0],
          rotation: [0, 0, 0],
          scale: [1, 1, 1],
        },
      ],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Stage;
}

/** A 3D model of the partner's released with a glTF build (iOS and Android), through the API and the admin's. */
async function releaseModel(request: APIRequestContext, partner: Partner, name: string) {
  const headers = authHeaders(partner);
  const model = await createModel(request, partner, { name });
  const upload = await request.post('/FileUpload/Single/Query', {
    headers,
    multipart: { file: { name: 'lantern.glb', mimeType: 'model/gltf-binary', buffer: cubeGlb() } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [{ origin }] = (await upload.json()) as [{ origin: string }];
  await waitForValidation(request, partner, origin);
  const version = (await (
    await request.post('/api/Model/Version', { headers, data: { modelId: model.id, modelVersion: 1 } })
  ).json()) as { id: string };
  const builds = await request.put(`/api/Model/Version/${version.id}`, {
    headers,
    data: { updateLog: 'First cut.', iosAssetUrl: origin, androidAssetUrl: origin },
  });
  expect(builds.ok(), await builds.text()).toBe(true);
  const submitted = await request.put(`/api/Model/Version/Submit/${model.id}/${version.id}`, { headers });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const admin = authHeaders(await signInAdmin(request));
  expect((await request.put(`/api/Admin/Review/Start/${version.id}`, { headers: admin })).ok()).toBe(true);
  expect((await request.put(`/api/Admin/Review/Accept/${version.id}`, { headers: admin })).ok()).toBe(true);
  return model;
}

async function listStages(request: APIRequestContext, partner: Partner) {
  const response = await request.get('/api/Stage/Query', { headers: authHeaders(partner) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { data: Stage[]; totalCount: number };
}

test('a partner places a stage on the map with an image and a special utility moved by keyboard, and saves it as a draft', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  await uploadStageImage(request, partner, 'harbour-poster.png');
  await signIn(page, partner);
  await page.goto('/vps');
  const stages = page.getByRole('region', { name: 'Stages' });
  await expect(stages.getByText('No stages yet', { exact: true })).toBeVisible();
  await stages.getByRole('link', { name: 'Create stage', exact: true }).click();

  await expect(page).toHaveURL(/\/config-vps-placement$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New stage');
  const form = page.getByRole('form', { name: 'New stage' });
  await form.getByLabel('Stage name').fill('Harbour stage');
  await form.getByLabel('Description').fill('Posters along the pier.');

  // a click on the map sets the place; typed coordinates move the pin
  const map = form.getByRole('application', { name: "Map of the stage's place" });
  await map.click({ position: { x: 120, y: 120 } });
  await expect(form.getByLabel('Latitude')).toHaveValue(/^-?\d+(\.\d+)?$/);
  await expect(form.getByLabel('Longitude')).toHaveValue(/^-?\d+(\.\d+)?$/);
  await expect(map.getByTitle('Stage place')).toBeVisible();
  await form.getByLabel('Latitude').fill('22.28552');
  await form.getByLabel('Longitude').fill('114.15769');
  await form.getByLabel('Heading (°)').fill('45');
  await expect(map.getByTitle('Stage place')).toBeInViewport();

  await form.getByRole('button', { name: 'Generate an anchor id' }).click();
  await expect(form.getByLabel('VPS anchor id')).toHaveValue(UUID);

  await form.getByRole('button', { name: 'Add content' }).click();
  const adding = page.getByRole('dialog', { name: 'Add content' });
  await expect(adding.getByRole('radio', { name: 'Images' })).toBeChecked();
  await adding.getByRole('radio', { name: 'harbour-poster.png' }).check();
  await adding.getByRole('button', { name: 'Add to stage' }).click();
  await expect(adding).toBeHidden();

  // the new piece has the focus on the grid: the arrow keys move it, 10 cm a press, 1 m with Shift
  const poster = form.getByRole('button', { name: /^harbour-poster\.png, Images/ });
  await expect(poster).toBeFocused();
  await expect(poster).toHaveAccessibleName('harbour-poster.png, Images, x 0 m, z 0 m');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(poster).toHaveAccessibleName('harbour-poster.png, Images, x 0.3 m, z 1 m');
  await expect(form.getByLabel('x (m)')).toHaveValue('0.3');
  await expect(form.getByLabel('z (m)')).toHaveValue('1');
  await expect(page.getByRole('status').filter({ hasText: 'harbour-poster.png at x 0.3 m, z 1 m' })).toBeAttached();

  await form.getByRole('button', { name: 'Add content' }).click();
  await adding.getByRole('radio', { name: 'Special Utilities' }).check();
  await adding.getByRole('radio', { name: 'Token fountain' }).check();
  await adding.getByRole('button', { name: 'Add to stage' }).click();
  const fountain = form.getByRole('button', { name: /^Token fountain, Special Utilities/ });
  await expect(fountain).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(fountain).toHaveAccessibleName('Token fountain, Special Utilities, x -0.1 m, z 0 m');
  // and the mouse drags it: the grid shows ±10 m around the anchor at its centre
  const grid = form.getByLabel('Placement grid, seen from above, anchor at the centre');
  await expect(page.getByText('Showing ±10 m around the anchor')).toBeVisible();
  const box = await grid.boundingBox();
  if (!box) throw new Error('the placement grid is not on screen');
  const metre = box.width / 20;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x - 0.1 * metre, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + metre, centre.y - metre / 2, { steps: 4 });
  await page.mouse.move(centre.x + 2 * metre, centre.y - metre, { steps: 4 });
  await page.mouse.up();
  await expect(fountain).toHaveAccessibleName('Token fountain, Special Utilities, x 2 m, z 1 m');
  await expect(form.getByLabel('x (m)')).toHaveValue('2');
  await form.getByLabel('Height y (m)').fill('1.5');

  await page.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'VPS created successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/vps$/);
  const card = stages.getByRole('article', { name: 'Harbour stage' });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByText('22.28552, 114.15769')).toBeVisible();
  await expect(card.getByText('2 contents')).toBeVisible();

  const [saved] = (await listStages(request, partner)).data;
  expect(saved).toMatchObject({ name: 'Harbour stage', latitude: 22.28552, longitude: 114.15769, heading: 45 });
  expect(saved?.anchorId).toMatch(UUID);
  expect(saved?.contents.map(({ type, utility, position }) => ({ type, utility, position }))).toEqual([
    { type: 'Image', utility: null, position: [0.3, 0, 1] },
    { type: 'Utility', utility: 'TokenFountain', position: [2, 1.5, 1] },
  ]);
});

test('a partner edits a stage, is told to buy a month before publishing it, and deletes it', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const image = await uploadStageImage(request, partner, 'pier.png');
  const stage = await createStage(request, partner, 'Pier stage', image);
  await signIn(page, partner);
  await page.goto('/vps');
  const stages = page.getByRole('region', { name: 'Stages' });
  await stages.getByRole('link', { name: 'Edit Pier stage' }).click();

  await expect(page).toHaveURL(new RegExp(`/config-vps-placement\\?id=${stage.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit stage — Pier stage');
  const form = page.getByRole('form', { name: 'Edit stage Pier stage' });
  await expect(form.getByLabel('VPS anchor id')).toHaveValue('pier-anchor-1');
  await expect(
    form.getByRole('application', { name: "Map of the stage's place" }).getByTitle('Stage place'),
  ).toBeVisible();
  await form.getByLabel('Stage name').fill('Pier stage (west)');
  await form
    .getByRole('button', { name: /^Fountain/ })
    .first()
    .click();
  await expect(form.getByRole('heading', { name: 'Selected: Fountain' })).toBeVisible();
  await form.getByLabel('Turn (°)').fill('90');
  await form.getByLabel('Scale').fill('2');
  await form
    .getByRole('button', { name: /^Pier poster/ })
    .first()
    .click();
  await form.getByRole('button', { name: 'Remove Pier poster' }).click();
  await expect(form.getByRole('button', { name: /^Pier poster/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save stage' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'VPS created successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/vps$/);
  const card = stages.getByRole('article', { name: 'Pier stage (west)' });
  await expect(card.getByText('1 content', { exact: true })).toBeVisible();
  const [saved] = (await listStages(request, partner)).data;
  expect(saved?.contents).toEqual([
    expect.objectContaining({ name: 'Fountain', rotation: [0, 90, 0], scale: [2, 2, 2], position: [-2, 0, 0] }),
  ]);

  await card.getByRole('button', { name: 'Publish Pier stage (west)' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Publishing needs an active placement month: buy one first.' }),
  ).toBeVisible();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Delete Pier stage (west)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this stage?' });
  await expect(confirm.getByText('Pier stage (west) and everything placed on it will be removed')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'delete successfully' })).toBeVisible();
  await expect(stages.getByText('No stages yet', { exact: true })).toBeVisible();
  expect((await request.get(`/api/Stage/${stage.id}`, { headers: authHeaders(partner) })).status()).toBe(404);
});

test('a latitude out of range is refused beside its field with the server’s message, and nothing is saved', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  // what the API answers for the same latitude: the form says it in the same words
  const refused = await request.post('/api/Stage', {
    headers: authHeaders(partner),
    data: { name: 'Far north', latitude: 95, longitude: 10, anchorId: 'north-1' },
  });
  expect(refused.status()).toBe(400);
  const { message } = (await refused.json()) as { message: string };
  const serverMessage = message.replace(/^latitude: /, '');
  expect(serverMessage).toBe('latitude must be a number from -90 to 90');

  await signIn(page, partner);
  await page.goto('/config-vps-placement');
  const form = page.getByRole('form', { name: 'New stage' });
  await form.getByLabel('Stage name').fill('Far north');
  await form.getByLabel('Latitude').fill('95');
  await form.getByLabel('Longitude').fill('10');
  await form.getByLabel('VPS anchor id').fill('north-1');
  await expect(
    form.getByRole('application', { name: "Map of the stage's place" }).getByTitle('Stage place'),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Save stage' }).click();

  await expect(form.getByLabel('Latitude')).toHaveAccessibleDescription(serverMessage);
  await expect(form.getByLabel('Latitude')).toBeFocused();
  await expect(page).toHaveURL(/\/config-vps-placement$/);
  // nothing typed is lost, and once corrected the stage saves
  await expect(form.getByLabel('Stage name')).toHaveValue('Far north');
  await expect(form.getByLabel('Longitude')).toHaveValue('10');
  expect((await listStages(request, partner)).totalCount).toBe(0);

  await form.getByLabel('Latitude').fill('78.2');
  await page.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'VPS created successfully' })).toBeVisible();
  expect((await listStages(request, partner)).data.map((stage) => stage.latitude)).toEqual([78.2]);
});

test('a saved stage gets a vertical carousel; a new one is told to be saved first', async ({ page, request }) => {
  const partner = await registerPartner(request);
  const first = await uploadStageImage(request, partner, 'carousel-top.png');
  const second = await uploadStageImage(request, partner, 'carousel-bottom.png');
  const stage = await createStage(request, partner, 'Carousel stage', first);
  await signIn(page, partner);

  await page.goto('/config-vps-placement');
  const carousels = page.getByRole('region', { name: 'Vertical carousels' });
  await expect(carousels.getByRole('button', { name: 'Add vertical carousel' })).toBeDisabled();
  await expect(carousels.getByRole('button', { name: 'Add vertical carousel' })).toHaveAccessibleDescription(
    /Save the stage first/,
  );

  await page.goto(`/config-vps-placement?id=${stage.id}`);
  await carousels.getByRole('button', { name: 'Add vertical carousel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vertical carousel' });
  await dialog.getByLabel('Carousel name').fill('Menu tower');
  await dialog.getByRole('button', { name: 'Add carousel' }).click();
  await expect(dialog.getByText('A vertical carousel needs at least one image')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'carousel-bottom.png' }).check();
  await dialog.getByRole('checkbox', { name: 'carousel-top.png' }).check();
  await dialog.getByRole('button', { name: 'Up (carousel-top.png)' }).click();
  await expect(dialog.getByRole('list', { name: 'Images, top to bottom' }).getByRole('listitem')).toHaveText([
    /^carousel-top\.png/,
    /^carousel-bottom\.png/,
  ]);
  await dialog.getByLabel('Height y (m)').fill('2');
  await dialog.getByRole('button', { name: 'Add carousel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'create successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const tower = carousels.getByRole('listitem').filter({ hasText: 'Menu tower' });
  await expect(tower.getByText('2 images · x 0, y 2, z 0 m')).toBeVisible();

  const saved = (await (await request.get(`/api/Stage/${stage.id}`, { headers: authHeaders(partner) })).json()) as {
    verticalCarousels: Array<{ name: string; images: Array<{ assetId: string }> }>;
  };
  expect(saved.verticalCarousels.map((c) => [c.name, c.images.map((i) => i.assetId)])).toEqual([
    ['Menu tower', [first.id, second.id]],
  ]);

  await carousels.getByRole('button', { name: 'Remove Menu tower' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this vertical carousel?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(carousels.getByText('No vertical carousels.')).toBeVisible();
});

test('the placement summary shows the stage for the VPS app, and an unknown stage leads back to the list', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  const image = await uploadStageImage(request, partner, 'summary.png');
  const stage = await createStage(request, partner, 'Summary stage', image);
  await signIn(page, partner);
  await page.goto('/vps');
  await page
    .getByRole('region', { name: 'Stages' })
    .getByRole('link', { name: 'Placement summary of Summary stage' })
    .click();

  await expect(page).toHaveURL(new RegExp(`/vps-placement\\?id=${stage.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Summary stage' })).toBeVisible();
  const place = page.getByRole('region', { name: 'Place' });
  await expect(place.getByText('22.28552', { exact: true })).toBeVisible();
  await expect(place.getByText('90°', { exact: true })).toBeVisible();
  await expect(place.getByText('pier-anchor-1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Images (1)' }).getByText('x 1, y 0, z 2 m')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Special Utilities (1)' }).getByText('Fountain · Token fountain'),
  ).toBeVisible();
  const app = page.getByRole('complementary', { name: 'Open it in the VPS app' });
  await expect(app.getByRole('link', { name: 'Download the VPS app for macOS' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(app.getByRole('heading', { level: 3 })).toHaveText([
    'Find the location',
    'Place objects on the 3D map',
    'Publish and check in the mobile app',
  ]);
  await page.getByRole('link', { name: 'Edit placement' }).click();
  await expect(page).toHaveURL(new RegExp(`/config-vps-placement\\?id=${stage.id}$`));

  await page.goto('/vps-placement?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This stage does not exist')).toBeVisible();
  await page.getByRole('link', { name: 'Back to your stages' }).click();
  await expect(page).toHaveURL(/\/vps$/);
});

test('a released 3D model is placed on a stage and opens in the 3D preview', async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  await releaseModel(request, partner, 'Lantern Fox');
  await signIn(page, partner);
  await page.goto('/config-vps-placement');
  const form = page.getByRole('form', { name: 'New stage' });
  await form.getByRole('button', { name: 'Add content' }).click();
  const adding = page.getByRole('dialog', { name: 'Add content' });
  await adding.getByRole('radio', { name: '3D Assets' }).check();
  await adding.getByRole('radio', { name: 'Lantern Fox' }).check();
  await adding.getByRole('button', { name: 'Add to stage' }).click();

  await expect(form.getByRole('button', { name: 'Lantern Fox, 3D Assets, x 0 m, z 0 m' })).toBeFocused();
  await form.getByRole('button', { name: 'Preview in 3D (Lantern Fox)' }).click();
  const preview = page.getByRole('dialog', { name: 'Lantern Fox in 3D' });
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test('the stage screens fit a phone and a desktop, with no serious accessibility violations', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const partner = await registerPartner(request);
  const image = await uploadStageImage(request, partner, 'layout.png');
  const stage = await createStage(request, partner, 'A stage whose name is long enough to wrap on a phone', image);
  await signIn(page, partner);
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const [path, heading] of [
      ['/vps', 'VPS'],
      [`/config-vps-placement?id=${stage.id}`, `Edit stage — ${stage.name}`],
      [`/vps-placement?id=${stage.id}`, 'VPS Placement'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText(stage.name).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), `${path} at ${viewport.width} px`).toEqual([]);
      expect(await seriousAxeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
});
