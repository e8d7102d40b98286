import { buildBytes, cubeGlb, expect, openNewVersion, test } from '../../fixtures/test.ts';

test('the Version page inspects each build and says what to fix', async ({ page, request }) => {
  const form = await openNewVersion(page, request, 'Prism Garden');

  await form.getByLabel('iOS file').setInputFiles({
    name: 'garden-heavy.glb',
    mimeType: 'model/gltf-binary',
    buffer: buildBytes('glb', 64 * 1024, 150_000),
  });
  const ios = form.getByRole('region', { name: 'iOS build report' });
  await expect(ios).toContainText('glTF 2.0 · 1 mesh · 150,000 triangles · 1 material · 0.5 × 0.5 × 0.5 m · 64.0 KB');
  await expect(ios.getByRole('listitem')).toHaveText(
    'Check150,000 triangles: keep AR models under 100,000 to play smoothly on phones.',
  );

  await form
    .getByLabel('iOS file')
    .setInputFiles({ name: 'garden.glb', mimeType: 'model/gltf-binary', buffer: buildBytes('glb', 64 * 1024, 8000) });
  await expect(ios).toContainText('8,000 triangles');
  await expect(ios).toContainText('No problems found');

  const cut = buildBytes('ab', 48 * 1024).subarray(0, 30 * 1024);
  await form
    .getByLabel('Android file')
    .setInputFiles({ name: 'garden.ab', mimeType: 'application/octet-stream', buffer: cut });
  // a container that does not parse is refused, and the uploader says why
  await expect(form.getByRole('alert')).toHaveText(
    'The file is 30,720 bytes but its header says 49,152: it may be truncated or damaged.',
  );
  await expect(form.getByRole('region', { name: 'Android build report' })).toHaveCount(0);
});

test('an uploaded model can be turned around in a 3D preview', async ({ page, request }) => {
  // Chromium renders WebGL on the CPU here (SwiftShader): a first frame can take long on a busy machine
  test.setTimeout(180_000);
  const form = await openNewVersion(page, request, 'Cube Hop');
  await form
    .getByLabel('Android file')
    .setInputFiles({ name: 'cube.glb', mimeType: 'model/gltf-binary', buffer: cubeGlb() });
  const report = form.getByRole('region', { name: 'Android build report' });
  await expect(report).toContainText('glTF 2.0 · 1 mesh · 12 triangles · 1 material · 1 × 1 × 1 m');

  await report.getByRole('button', { name: 'Preview in 3D (Android build)' }).click();
  const preview = page.getByRole('dialog', { name: 'Android build in 3D' });
  await expect(preview.getByText('Drag to turn the model, scroll or pinch to zoom.')).toBeVisible({ timeout: 120_000 });
  await expect(preview.locator('model-viewer')).toHaveJSProperty('loaded', true);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  await expect(page.locator('model-viewer')).toHaveCount(0);
});
