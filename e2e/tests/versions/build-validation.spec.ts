import { encodeGlb } from '@portal/test-assets';
import {
  buildBytes,
  expect,
  gameDetailUrl,
  openNewVersion,
  registerConnectedPartner,
  seedGameInTesting,
  signIn,
  test,
} from '../../fixtures/test.ts';

/**
 * A one-triangle glTF binary whose index buffer names vertex 7 of a model that has three: the header parses (so the
 * upload is accepted) but the reference validator reports ACCESSOR_INDEX_OOB.
 */
function glbWithBadIndex(): Buffer {
  const positions = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
  const indices = Buffer.from(new Uint16Array([0, 1, 7, 0]).buffer);
  const bin = Buffer.concat([positions, indices]);
  const gltf = {
    asset: { version: '2.0', generator: 'Lumora e2e' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
      { buffer: 0, byteOffset: positions.length, byteLength: 6, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' },
    ],
  };
  return encodeGlb(gltf, { bin });
}

test("the Version page shows the reference validator's messages and the platform budgets", async ({
  page,
  request,
}) => {
  const form = await openNewVersion(page, request, 'Broken Prism');
  await form
    .getByLabel('iOS file')
    .setInputFiles({ name: 'broken.glb', mimeType: 'model/gltf-binary', buffer: glbWithBadIndex() });

  const ios = form.getByRole('region', { name: 'iOS build report' });
  await expect(ios).toContainText('Checked by the glTF Validator 2.0.0-dev.3.10: 1 error, 0 warnings.');
  await expect(ios.getByRole('list', { name: 'Errors (1)' }).getByRole('listitem')).toHaveText(
    'ProblemIndices accessor element at index 2 has value 7 that is greater than the maximum vertex index available (2). ACCESSOR_INDEX_OOB at /meshes/0/primitives/0/indices',
  );
  await expect(ios).not.toContainText('No problems found');

  const budgets = ios.getByRole('table', { name: 'Platform budgets' });
  await expect(budgets.getByRole('columnheader')).toHaveText(['This build', 'iOS', 'Android', 'visionOS', 'macOS']);
  await expect(budgets.getByRole('row', { name: /^Triangles/ })).toContainText('Triangles: 1✓ Pass, limit ≤ 100K');
  await expect(budgets.getByRole('row', { name: /^Largest texture/ })).toContainText('No textures');
});

test('an over-budget model is marked Over in words, and an AssetBundle is judged on its size', async ({
  page,
  request,
}) => {
  const form = await openNewVersion(page, request, 'Heavy Prism');
  await form.getByLabel('iOS file').setInputFiles({
    name: 'heavy.glb',
    mimeType: 'model/gltf-binary',
    buffer: buildBytes('glb', 64 * 1024, 150_000),
  });
  const ios = form.getByRole('region', { name: 'iOS build report' });
  const triangles = ios.getByRole('table', { name: 'Platform budgets' }).getByRole('row', { name: /^Triangles/ });
  // 150,000 triangles: over iOS (100,000) and Android (50,000), within visionOS (200,000) and macOS (300,000)
  await expect(triangles.getByRole('rowheader')).toHaveText('Triangles: 150,000');
  await expect(triangles.getByRole('cell')).toHaveText([
    '▲ Over, limit ≤ 100K',
    '▲ Over, limit ≤ 50K',
    '✓ Pass, limit ≤ 200K',
    '✓ Pass, limit ≤ 300K',
  ]);
  // over a budget is something to check, not a problem
  await expect(ios).toContainText('0 errors');

  await form.getByLabel('Android file').setInputFiles({
    name: 'heavy.ab',
    mimeType: 'application/octet-stream',
    buffer: buildBytes('ab', 48 * 1024),
  });
  const android = form.getByRole('region', { name: 'Android build report' });
  await expect(android.getByRole('table', { name: 'Platform budgets' }).getByRole('row')).toHaveCount(2);
  await expect(android).toContainText('An AssetBundle is judged on its file size only');
});

test('Submit for Approval says why a build with errors holds the version back, and lets it go once replaced', async ({
  page,
  request,
}) => {
  const partner = await registerConnectedPartner(request);
  const { game } = await seedGameInTesting(request, partner);
  await signIn(page, partner);
  await page.goto(gameDetailUrl(game));
  await page.getByRole('link', { name: 'Edit Version' }).click();
  const form = page.getByRole('form', { name: 'Version' });
  await form
    .getByLabel('iOS file')
    .setInputFiles({ name: 'broken.glb', mimeType: 'model/gltf-binary', buffer: glbWithBadIndex() });
  await expect(form.getByRole('region', { name: 'iOS build report' })).toContainText('1 error');
  await form.getByRole('button', { name: 'Save Version' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);

  const submit = page.getByRole('button', { name: 'Submit for Approval' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    'A build of this version has errors in its report: fix them and upload it again before submitting.',
  );

  await page.getByRole('link', { name: 'Edit Version' }).click();
  await form
    .getByLabel('iOS file')
    .setInputFiles({ name: 'fixed.glb', mimeType: 'model/gltf-binary', buffer: buildBytes('glb') });
  await expect(form.getByRole('region', { name: 'iOS build report' })).toContainText('0 errors');
  await form.getByRole('button', { name: 'Save Version' }).click();
  await expect(page).toHaveURL(/\/developers\/my-project\/detail\?/);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'submit successfully' })).toBeVisible();
});
