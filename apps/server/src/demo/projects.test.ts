import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PARTNER, DEMO_TEAM, DEMO_TEAM_PASSWORD, DEMO_TESTER } from '../modules/access/demo.ts';
import { prepareDatabase } from '../seed.ts';
import { signIn } from '../testing/partners.ts';
import { as } from '../testing/requests.ts';
import { createTestApp, dbVariants, type TestApp } from '../testing/test-app.ts';
import { seedDemoProjects } from './projects.ts';

async function demoApp(variant: (typeof dbVariants)[number]) {
  const test = await createTestApp(variant, { SEED_DEMO: 'true', PAYMENTS: 'sandbox' });
  await prepareDatabase(test.database, test.config);
  return test;
}

async function statuses(test: TestApp) {
  const partner = as(test.app, await signIn(test.app, DEMO_PARTNER));
  const lists = await Promise.all(
    ['/api/Product', '/api/Model'].map(
      async (url) =>
        (await partner.get(`${url}?PageIndex=1&PageSize=8`)).json() as {
          data: Array<{ name: string; status: string }>;
        },
    ),
  );
  const whitelist = (await partner.get('/api/WhiteList')).json() as {
    data: Array<{ user: { email: string } }>;
  };
  const summary = (await partner.get('/api/User/Income/Summary')).json() as {
    months: Array<{ paid: number; pending: number }>;
    paidTotal: number;
    waitingTotal: number;
  };
  const stages = (await partner.get('/api/Stage/Query')).json() as {
    data: Array<{ name: string; state: string; contents: unknown[] }>;
  };
  const purchases = (await partner.get('/api/Subscription/Query')).json() as {
    data: Array<{ payStatus: string }>;
  };
  return {
    stages: Object.fromEntries(stages.data.map((stage) => [stage.name, [stage.state, stage.contents.length]])),
    purchases: purchases.data.map((purchase) => purchase.payStatus),
    items: Object.fromEntries(lists.flatMap((list) => list.data.map((item) => [item.name, item.status]))),
    testers: whitelist.data.map((entry) => entry.user.email),
    income: summary,
  };
}

describe.each(dbVariants)('the demo projects [%s]', (variant) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
  });

  it('give the demo partner an item in each state a partner meets, and the demo tester', async () => {
    test = await demoApp(variant);
    await seedDemoProjects(test.app);
    const seeded = await statuses(test);
    expect(seeded).toMatchObject({
      items: {
        'Harbour Lights': 'Released',
        'Echo Garden': 'UnderReview',
        'Paper Comets': 'Draft',
        'Tide Glass Vase': 'Released',
        'Lantern Fox': 'Rejected',
      },
      testers: [DEMO_TESTER.email],
      // a month bought through the sandbox checkout, a published stage with three contents, a draft
      purchases: ['Successed'],
      stages: { 'Promenade Lights': ['Published', 3], 'Pop-up Market': ['Draft', 1] },
    });
    // six months of sales: the oldest paid out, the newest still to be paid
    expect(seeded.income.paidTotal).toBeGreaterThan(0);
    expect(seeded.income.waitingTotal).toBeGreaterThan(0);
    expect(seeded.income.months.filter((month) => month.paid + month.pending > 0).length).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it("give the demo partner's studio one member of each role, who sign in and act in it", async () => {
    test = await demoApp(variant);
    const owner = as(test.app, await signIn(test.app, DEMO_PARTNER));
    const members = (await owner.get('/api/Team/Members')).json() as { data: Array<{ email: string; role: string }> };
    expect(Object.fromEntries(members.data.map((member) => [member.role, member.email]))).toEqual({
      Owner: DEMO_PARTNER.email,
      ...Object.fromEntries(DEMO_TEAM.map((member) => [member.role, member.email])),
    });
    const finance = DEMO_TEAM.find((member) => member.role === 'Finance');
    if (!finance) throw new Error('no Finance member');
    const token = await signIn(test.app, { email: finance.email, password: DEMO_TEAM_PASSWORD });
    const studios = (await as(test.app, token).get('/api/Team/Studios')).json() as {
      data: Array<{ id: string; role: string }>;
    };
    const studioId = studios.data.find((studio) => studio.role === 'Finance')?.id ?? '';
    const headers = { 'X-Studio-Id': studioId };
    expect((await as(test.app, token).get('/api/User/Income/Summary', { headers })).statusCode).toBe(200);
    expect((await as(test.app, token).get('/api/ApiKey', { headers })).statusCode).toBe(403);
  }, 60_000);

  it('are seeded once: a second start adds nothing', async () => {
    test = await demoApp(variant);
    await seedDemoProjects(test.app);
    const first = await statuses(test);
    await seedDemoProjects(test.app);
    expect(await statuses(test)).toEqual(first);
  }, 60_000);
});
