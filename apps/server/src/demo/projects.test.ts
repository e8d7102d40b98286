import {
  type AnalyticsItem,
  type AnalyticsStage,
  type AnalyticsSummary,
  type PlayFigure,
  payoutZoneDate,
} from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { playDays, playEvents, playPlayerDays, playStageDays } from '../db/schema/analytics.ts';
import { DEMO_PARTNER, DEMO_TEAM, DEMO_TEAM_PASSWORD, DEMO_TESTER } from '../modules/access/demo.ts';
import { prepareDatabase } from '../seed.ts';
import { signIn } from '../testing/partners.ts';
import { as } from '../testing/requests.ts';
import { createTestApp, dbVariants, type TestApp } from '../testing/test-app.ts';
import { seedDemoProjects } from './projects.ts';

async function demoApp(variant: (typeof dbVariants)[number], logLines?: string[]) {
  const logStream = logLines ? { write: (line: string) => void logLines.push(line) } : undefined;
  const test = await createTestApp(variant, { SEED_DEMO: 'true', PAYMENTS: 'sandbox' }, { logStream });
  await prepareDatabase(test.database, test.config);
  return test;
}

const DAY_MS = 86_400_000;
/** The last `days` Hong Kong days, today's included, as an analytics range's query. */
function lastDays(days: number): string {
  const now = Date.now();
  return `From=${payoutZoneDate(new Date(now - (days - 1) * DAY_MS))}&To=${payoutZoneDate(new Date(now))}`;
}

/** The demo studio's play analytics as its pages read them: the last 28 and 90 days, its game's and its stage's. */
async function analytics(test: TestApp) {
  const partner = as(test.app, await signIn(test.app, DEMO_PARTNER));
  const get = async <T>(url: string) => {
    const response = await partner.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const month = await get<AnalyticsSummary>(`/api/Analytics/Summary?${lastDays(28)}`);
  const quarter = await get<AnalyticsSummary>(`/api/Analytics/Summary?${lastDays(90)}`);
  const gameId = month.items.find((item) => item.name === 'Harbour Lights')?.itemId ?? 'none';
  const stageId = month.stages.find((stage) => stage.name === 'Promenade Lights')?.stageId ?? 'none';
  const game = await get<AnalyticsItem>(`/api/Analytics/Items/${gameId}?${lastDays(28)}`);
  const stage = await get<AnalyticsStage>(`/api/Analytics/Stages/${stageId}?${lastDays(28)}`);
  const [events] = await test.app.db
    .select({ count: count() })
    .from(playEvents)
    .where(eq(playEvents.audience, 'public'));
  const [tests] = await test.app.db
    .select({ count: count() })
    .from(playEvents)
    .where(eq(playEvents.audience, 'testing'));
  return { month, quarter, game, stage, events: events?.count ?? 0, testing: tests?.count ?? 0 };
}

const isCount = (figure: PlayFigure | null | undefined) => typeof figure === 'number';

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

  it("give the demo partner's studio three months of plays, reads and impressions, seeded once", async () => {
    const lines: string[] = [];
    test = await demoApp(variant, lines);
    await seedDemoProjects(test.app);
    const seeded = lines
      .map(
        (line) => JSON.parse(line) as { msg?: string; days?: number; events?: number; ms?: number; totalMs?: number },
      )
      .find((line) => line.msg === "seeded the demo studio's play analytics");
    // what it adds to a start
    console.log(`[${variant}] demo play analytics:`, seeded);
    expect(seeded?.days).toBe(90);
    expect(seeded?.events).toBeGreaterThan(90 * 300);
    expect(seeded?.events).toBeLessThan(90 * 2000);

    const first = await analytics(test);
    const { month, quarter, game, stage } = first;
    for (const summary of [month, quarter]) {
      const harbour = summary.items.find((item) => item.name === 'Harbour Lights');
      expect(harbour?.plays).toBeGreaterThan(100);
      expect(harbour?.players).toBeGreaterThan(50);
      expect(harbour?.playerMinutes).toBeGreaterThan(100);
      expect(harbour?.views).toBeGreaterThan(0);
      expect(summary.items.find((item) => item.name === 'Tide Glass Vase')?.views).toBeGreaterThan(0);
      expect(isCount(summary.totals.plays) && isCount(summary.totals.players)).toBe(true);
      expect(summary.totals.views).toBeGreaterThan(0);
      expect(summary.totals.impressions).toBeGreaterThan(0);
      expect(summary.stages.map((one) => one.name)).toEqual(['Promenade Lights']);
      // every day played, nearly every one with enough players to show its figures
      expect(summary.days.filter((day) => isCount(day.plays)).length).toBeGreaterThan(summary.days.length * 0.9);
    }
    expect(quarter.totals.players).toBeGreaterThan(month.totals.players as number);
    // busier on weekends (Hong Kong days: Saturday and Sunday) than in the week
    const average = (weekend: boolean) => {
      const days = quarter.days.filter(
        (day) => [0, 6].includes(new Date(`${day.day}T00:00:00Z`).getUTCDay()) === weekend,
      );
      return days.reduce((sum, day) => sum + (isCount(day.plays) ? (day.plays as number) : 0), 0) / days.length;
    };
    expect(average(true)).toBeGreaterThan(average(false) * 1.2);
    // players come back: retention by cohort, some of them the next day
    expect(game.retention.length).toBeGreaterThan(20);
    expect(game.retention.some((cohort) => isCount(cohort.day1) && (cohort.day1 as number) > 0)).toBe(true);
    expect(game.retention.some((cohort) => isCount(cohort.day7) && (cohort.day7 as number) > 0)).toBe(true);
    expect(game.points.some((point) => isCount(point.returningPlayers) && (point.returningPlayers as number) > 0)).toBe(
      true,
    );
    expect(isCount(game.totals.players)).toBe(true);
    expect(game.versions.map((version) => version.version)).toEqual([1]);
    expect(stage.totals.impressions).toBeGreaterThan(0);
    // the testers' plays of the testing version are recorded, never counted publicly
    expect(first.testing).toBeGreaterThan(0);

    await seedDemoProjects(test.app);
    expect(await analytics(test)).toEqual(first);

    // a demo seeded before play analytics existed gets them on its next start: the same days again
    for (const table of [playEvents, playDays, playPlayerDays, playStageDays]) await test.app.db.delete(table);
    await seedDemoProjects(test.app);
    const again = await analytics(test);
    expect(again.quarter.days.slice(0, -1)).toEqual(first.quarter.days.slice(0, -1));
    expect(again.game.retention.slice(0, -1)).toEqual(first.game.retention.slice(0, -1));
  }, 120_000);
});
