import path from 'node:path';
import { test } from '@playwright/test';
import { VIEWPORTS, type ViewportName } from '../fixtures/layout.ts';
import { type Audience, readEstate, visitsFor } from '../fixtures/screens.ts';
import { endLiveStreams, registerPartner, TOKEN_KEY } from '../fixtures/test.ts';
import { SCREENSHOTS_DIR } from '../screenshots.config.ts';

/** The demo accounts of `npm start`; the new partner registers on the spot, so it has nothing yet. */
const DEMO_LOGINS: Partial<Record<Audience, { email: string; password: string }>> = {
  partner: { email: 'demo@lumora.example', password: 'Demo1234' },
  tester: { email: 'tester@lumora.example', password: 'Tester1234' },
  admin: { email: 'admin@lumora.example', password: 'Admin1234' },
};

/** Pages the server renders itself, outside the web app. */
const SERVER_PAGES = [
  ['documentation', '/documentation.html'],
  ['api-docs', '/api/docs'],
  ['outbox', '/dev/outbox'],
] as const;

const audiences: Audience[] = ['visitor', 'partner', 'new-partner', 'tester', 'admin'];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  for (const audience of audiences) {
    test(`${viewport}: every screen a ${audience} sees`, async ({ page, request }) => {
      const shot = (label: string) =>
        page.screenshot({ path: path.join(SCREENSHOTS_DIR, viewport, `${label}.png`), fullPage: true });
      await page.setViewportSize(VIEWPORTS[viewport]);

      let token: string | undefined;
      const login = DEMO_LOGINS[audience];
      if (login) {
        const response = await request.post('/api/Access/Login', { data: login });
        token = ((await response.json()) as { accessToken: string }).accessToken;
      } else if (audience === 'new-partner') {
        token = (await registerPartner(request, { firstName: 'Noa' })).accessToken;
      }
      if (token) {
        await page.addInitScript(
          ([key, value]) => window.localStorage.setItem(key as string, value as string),
          [TOKEN_KEY, token],
        );
      }
      const estate = audience === 'partner' && token ? await readEstate(request, token) : undefined;

      await endLiveStreams(page);
      for (const visit of visitsFor(audience, estate)) {
        await page.goto(visit.url);
        await page.waitForLoadState('networkidle');
        await shot(visit.label);
      }

      if (token) {
        await page.goto('/');
        await page.waitForLoadState('networkidle');
        const menuButton = page.getByRole('button', { name: viewport === 'phone' ? 'Open menu' : 'My Account' });
        await menuButton.click();
        if (viewport === 'phone') await page.getByRole('button', { name: 'My Account' }).click();
        await shot(`${audience}-home-account-menu-open`);
      } else {
        for (const [label, url] of SERVER_PAGES) {
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          await shot(`server-${label}`);
        }
        if (viewport === 'phone') {
          await page.goto('/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await shot('visitor-home-menu-open');
        }
      }
    });
  }
}
