import { VIEWPORTS } from '../../fixtures/layout.ts';
import { expect, registerPartner, signIn, test } from '../../fixtures/test.ts';

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`the stage map says where a click lands inside its own box, never cut by its edges (${width})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = await registerPartner(request);
    await signIn(page, partner);
    await page.goto('/config-vps-placement');
    const map = page.getByRole('application', { name: "Map of the stage's place" });
    const readout = map.locator('.stage-map__coordinates');
    await expect(readout).toHaveText(/^Centre -?\d+\.\d°, -?\d+\.\d°$/);
    await page.getByLabel('Latitude').fill('22.28552');
    await page.getByLabel('Longitude').fill('114.15769');
    await expect(readout).toHaveText('Centre 22.28552°, 114.15769°');
    const box = await map.boundingBox();
    // once the map has settled on the typed place, the pointer's place shows while it is over the map (a phone has none)
    if (width === 'desktop') {
      await expect(async () => {
        await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) - 40, (box?.y ?? 0) + (box?.height ?? 0) / 2);
        await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) - 42, (box?.y ?? 0) + (box?.height ?? 0) / 2 + 2);
        await expect(readout).toHaveText(/^Pointer 22\.\d{5}°, 114\.\d{5}°$/, { timeout: 500 });
      }).toPass();
    }
    // wholly inside the map
    const inner = await readout.boundingBox();
    expect(inner?.x ?? -1).toBeGreaterThanOrEqual(box?.x ?? 0);
    expect((inner?.x ?? 0) + (inner?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    expect((inner?.y ?? 0) + (inner?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
    await map.screenshot({ path: `/tmp/map-place-${width}.png` });
  });
}
