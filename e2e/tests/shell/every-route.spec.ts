import type { APIRequestContext, Page } from '@playwright/test';
import { horizontalOverflow, VIEWPORTS, type ViewportName } from '../../fixtures/layout.ts';
import { type Audience, type Estate, readEstate, type Visit, visitsFor } from '../../fixtures/screens.ts';
import {
  authHeaders,
  connectPayoutAccount,
  createGame,
  createModel,
  endLiveStreams,
  expect,
  type Partner,
  registerPartner,
  seedSubmittedGame,
  signInAdmin,
  test,
  uniqueEmail,
  uploadBuild,
} from '../../fixtures/test.ts';

/** A partner with an item in each state, a tester on its whitelist, a partner with nothing, and the admin. */
async function seedAudiences(request: APIRequestContext) {
  const partner = await registerPartner(request, {
    email: uniqueEmail('apartnerwhoseaddressislongerthanaphoneiswide'),
  });
  await connectPayoutAccount(request, partner);
  const headers = authHeaders(partner);
  const adminAccount = await signInAdmin(request);
  const admin = authHeaders(adminAccount);
  const released = await seedSubmittedGame(request, partner, 'released');
  const next = await request.post('/api/Product/Version', {
    headers,
    data: { productId: released.game.id, productVersion: 2 },
  });
  expect(next.ok(), await next.text()).toBe(true);
  const inReview = await seedSubmittedGame(request, partner, 'under-review');
  await request.post(`/api/Admin/Review/Messages/${inReview.versionId}`, {
    headers: admin,
    data: { message: 'Does the game still work when the camera permission is denied?' },
  });
  const rejected = await seedSubmittedGame(request, partner, 'under-review');
  const rejection = await request.put(`/api/Admin/Review/Reject/${rejected.versionId}`, {
    headers: admin,
    data: { reason: 'The icon is a placeholder; please upload the final artwork.' },
  });
  expect(rejection.ok(), await rejection.text()).toBe(true);
  await createGame(request, partner, { name: 'Draft with a rather long name that has to wrap on a phone screen' });
  const model = await createModel(request, partner);
  const modelVersion = (await (
    await request.post('/api/Model/Version', { headers, data: { modelId: model.id, modelVersion: 1 } })
  ).json()) as { id: string };
  await request.put(`/api/Model/Version/${modelVersion.id}`, {
    headers,
    data: { updateLog: 'First cut.', iosAssetUrl: await uploadBuild(request, partner, 'fox.glb') },
  });
  const tester = await registerPartner(request, { firstName: 'Tess' });
  expect((await request.post('/api/WhiteList', { headers, data: { email: tester.email } })).ok()).toBe(true);
  const newPartner = await registerPartner(request, { firstName: 'Noa' });
  const accounts: Record<Exclude<Audience, 'visitor'>, Partner> = {
    partner,
    tester,
    'new-partner': newPartner,
    admin: adminAccount,
  };
  return { accounts, estate: await readEstate(request, partner.accessToken) };
}

/**
 * Opens each visit and lists what is wrong on it: overflow, uncaught errors, console errors, an icon that does not
 * load (headless Chromium never asks for one, so the test does).
 */
async function problemsOf(page: Page, visits: Array<Pick<Visit, 'label' | 'url'>>) {
  const problems: string[] = [];
  const icons = new Map<string, number>();
  let current = '';
  page.on('pageerror', (error) => problems.push(`${current}: uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${current}: console error: ${message.text()}`);
  });
  await endLiveStreams(page);
  for (const visit of visits) {
    current = `${visit.label} (${visit.url})`;
    await page.goto(visit.url);
    await page.waitForLoadState('networkidle');
    for (const problem of await horizontalOverflow(page)) problems.push(`${current}: ${problem}`);
    const icon = await page.evaluate(
      () =>
        document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ??
        new URL('/favicon.ico', location.href).href,
    );
    if (!icons.has(icon)) icons.set(icon, (await page.request.get(icon)).status());
    if (icons.get(icon) !== 200) problems.push(`${current}: its icon ${icon} answers ${icons.get(icon)}`);
  }
  return problems;
}

const audiences: Audience[] = ['visitor', 'partner', 'new-partner', 'tester', 'admin'];
let seeded: Promise<{ accounts: Record<Exclude<Audience, 'visitor'>, Partner>; estate: Estate }> | undefined;

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  for (const audience of audiences) {
    test(`every route fits a ${viewport} and runs clean for a ${audience}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      seeded ??= seedAudiences(request);
      const { accounts, estate } = await seeded;
      await page.setViewportSize(VIEWPORTS[viewport]);
      if (audience !== 'visitor') {
        await page.addInitScript(
          ([key, token]) => window.localStorage.setItem(key as string, token as string),
          ['platform_access_token', accounts[audience].accessToken],
        );
      }
      const visits = visitsFor(audience, audience === 'partner' ? estate : undefined);
      expect(visits.length).toBeGreaterThan(5);
      expect(await problemsOf(page, visits)).toEqual([]);
    });
  }
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`the server's own pages fit a ${viewport} and have an icon`, async ({ page, request }) => {
    const partner = await registerPartner(request);
    const urls = (await (
      await request.get('/api/Stripe/Connect/Url', { headers: authHeaders(partner) })
    ).json()) as Array<{ accountType: string; url: string }>;
    const consent = new URL(urls.find((u) => u.accountType === 'Standard')?.url ?? '', 'http://portal');
    await page.setViewportSize(VIEWPORTS[viewport]);
    const pages = [
      { label: 'SDK documentation', url: '/documentation.html' },
      { label: 'API reference', url: '/api/docs' },
      { label: 'dev outbox', url: '/dev/outbox' },
      { label: 'sandbox consent', url: `${consent.pathname}${consent.search}` },
    ];
    expect(await problemsOf(page, pages)).toEqual([]);
  });
}
