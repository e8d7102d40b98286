import { cubeGlb, expect, openNewVersion, test } from '../../fixtures/test.ts';

/** Relative luminance (WCAG) of every colour in a computed CSS value. */
function luminances(css: string): number[] {
  return [...css.matchAll(/rgba?\(([^)]+)\)/g)].map(([, channels = '']) => {
    const [r = 0, g = 0, b = 0] = channels.split(/[\s,/]+/).map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

test('the 3D preview lights the model on a stage that sets off a white one, with no bar across its top', async ({
  page,
  request,
}) => {
  // Chromium renders WebGL on the CPU here (SwiftShader): a first frame can take long on a busy machine
  test.setTimeout(180_000);
  const form = await openNewVersion(page, request, 'Lit Cube');
  await form
    .getByLabel('Android file')
    .setInputFiles({ name: 'cube.glb', mimeType: 'model/gltf-binary', buffer: cubeGlb() });
  await form.getByRole('button', { name: 'Preview in 3D (Android build)' }).click();
  const preview = page.getByRole('dialog', { name: 'Android build in 3D' });
  await expect(preview.getByText('Drag to turn the model, scroll or pinch to zoom.')).toBeVisible({ timeout: 120_000 });

  const viewer = preview.locator('model-viewer');
  await expect(viewer).toHaveJSProperty('environmentImage', 'neutral');
  await expect(viewer).toHaveJSProperty('toneMapping', 'neutral');
  expect(await viewer.evaluate((node) => (node as HTMLElement & { shadowIntensity: number }).shadowIntensity)).toBe(1);

  // white is 1: every colour of the stage is at least 1.5:1 darker, so a plain white model stands out
  const stage = await viewer.evaluate((node) => getComputedStyle(node.parentElement as Element).backgroundImage);
  const stageColours = luminances(stage);
  expect(stageColours.length).toBeGreaterThan(0);
  for (const luminance of stageColours) expect((1 + 0.05) / (luminance + 0.05)).toBeGreaterThanOrEqual(1.5);

  await expect(viewer.locator('[part="default-progress-bar"]')).toBeHidden();
});
