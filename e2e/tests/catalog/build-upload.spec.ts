import { buildBytes, expect, registerConnectedPartner, seedGameInTesting, signIn, test } from '../../fixtures/test.ts';

test("a saved build is shown under its file's name, and a new pick under its own", async ({ page, request }) => {
  const partner = await registerConnectedPartner(request);
  const { game, versionId } = await seedGameInTesting(request, partner);
  await signIn(page, partner);
  await page.goto(
    `/developers/my-project/version?${new URLSearchParams({ prodId: game.id, vId: versionId, type: 'game' })}`,
  );
  const form = page.getByRole('form', { name: 'Version' });
  const field = (label: string) => form.locator('.field').filter({ has: page.getByLabel(label) });
  await expect(field('iOS file')).toContainText('orbit-ios.ab');
  await expect(field('Android file')).toContainText('orbit-android.glb');
  await expect(form).not.toContainText('build (.');

  await form.getByLabel('iOS file').setInputFiles({
    name: 'orbit-ios-rc2.glb',
    mimeType: 'model/gltf-binary',
    buffer: buildBytes('glb'),
  });
  await expect(field('iOS file')).toContainText('orbit-ios-rc2.glb');
  await expect(field('iOS file')).not.toContainText('orbit-ios.ab');
});
