import { randomUUID } from 'node:crypto';
import { type AnalyticsItem, type AnalyticsSummary, payoutZoneDate, payoutZoneDayStart } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { playDays, playStageDays } from '../../db/schema/analytics.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import {
  addMember,
  as,
  createProduct,
  describeEachDatabase,
  registerConnectedPartner,
  userIdOf,
  useTestApp,
} from '../../testing/index.ts';
import { insertPlayEvents, type PlayEventRow } from './repository.ts';

const DAY = '2026-11-20';
const start = payoutZoneDayStart(DAY).getTime();
const HOUR = 3_600_000;

/** The figures of one Hong Kong day of `events` for one audience, counted here from the raw rows. */
function countedFrom(events: PlayEventRow[], day: string, audience: 'public' | 'testing', earlierPlayers: Set<string>) {
  const from = payoutZoneDayStart(day).getTime();
  const inDay = events
    .filter((event) => (event.at as Date).getTime() >= from && (event.at as Date).getTime() < from + 24 * HOUR)
    .filter((event) => event.audience === audience);
  const of = (kind: string) => inDay.filter((event) => event.kind === kind);
  const players = new Set(of('player-joined').map((event) => event.player));
  const sessions = of('player-left')
    .map((event) => event.durationMs ?? 0)
    .sort((a, b) => a - b);
  let running = 0;
  let peak = 0;
  const steps = [...of('player-joined'), ...of('player-left')].sort(
    (a, b) => (a.at as Date).getTime() - (b.at as Date).getTime() || (a.kind < b.kind ? 1 : -1),
  );
  for (const step of steps) {
    running += step.kind === 'player-joined' ? 1 : -1;
    peak = Math.max(peak, running);
  }
  return {
    plays: of('game-started').length,
    players: players.size,
    newPlayers: [...players].filter((player) => !earlierPlayers.has(player ?? '')).length,
    returningPlayers: [...players].filter((player) => earlierPlayers.has(player ?? '')).length,
    playerMs: sessions.reduce((sum, ms) => sum + ms, 0),
    medianSessionMs: sessions.length === 0 ? null : (sessions[Math.ceil(sessions.length / 2) - 1] ?? null),
    peakConcurrent: peak,
    views: of('view').length,
    viewers: new Set(of('view').map((event) => event.player)).size,
  };
}

describeEachDatabase('play analytics: the daily rollups and the summary', (variant) => {
  const t = useTestApp(variant);

  it('rolls a Hong Kong day of raw events up into figures equal to those counted from the rows, again and again', async () => {
    const random = seededRandom(35);
    const ownerId = randomUUID();
    const itemId = randomUUID();
    const stageId = randomUUID();
    const people = Array.from({ length: 12 }, (_, n) => `player-${n}`);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
    // from the day before's last hour to the day after's first, the two midnights included exactly
    const events: PlayEventRow[] = [start - 1, start, start + 24 * HOUR - 1, start + 24 * HOUR].map((ms) => ({
      at: new Date(ms),
      kind: 'player-joined',
      audience: 'public',
      ownerId,
      itemId,
      version: 1,
      player: 'midnight',
    }));
    for (let n = 0; n < 400; n++) {
      const at = new Date(start - HOUR + Math.floor(random() * 26 * HOUR));
      const kind = pick(['game-started', 'player-joined', 'player-left', 'view', 'impression'] as const);
      const audience = random() < 0.2 ? 'testing' : 'public';
      const base = { at, kind, audience, ownerId, version: pick([1, 2]) } as const;
      if (kind === 'impression') events.push({ ...base, stageId, player: pick(people) });
      else if (kind === 'game-started') events.push({ ...base, itemId, gameId: randomUUID(), players: 2 });
      else if (kind === 'view') events.push({ ...base, itemId, version: null, player: pick(people) });
      else {
        const durationMs = kind === 'player-left' ? Math.floor(random() * 600_000) : null;
        events.push({ ...base, itemId, player: pick(people), durationMs });
      }
    }
    await insertPlayEvents(t.app.db, events);
    const { analytics } = t.app.services;
    const dayBefore = payoutZoneDate(new Date(start - 1));
    await analytics.rollUp(dayBefore);
    const earlier = new Set(
      events
        .filter((event) => event.kind === 'player-joined' && (event.at as Date).getTime() < start)
        .map((event) => event.player ?? ''),
    );

    for (let round = 0; round < 2; round++) {
      await analytics.rollUp(DAY);
      const rows = await t.app.db.select().from(playDays).where(eq(playDays.ownerId, ownerId));
      for (const audience of ['public', 'testing'] as const) {
        const row = rows.find((one) => one.day === DAY && one.version === 0 && one.audience === audience);
        const {
          day: _day,
          ownerId: _owner,
          itemId: _item,
          version: _version,
          audience: _audience,
          ...figures
        } = row ?? ({} as typeof playDays.$inferSelect);
        const expected = countedFrom(events, DAY, audience, audience === 'public' ? earlier : new Set());
        if (audience === 'testing') {
          expected.newPlayers = figures.newPlayers ?? 0;
          expected.returningPlayers = figures.returningPlayers ?? 0;
        }
        expect(figures).toEqual(expected);
      }
      // each version's plays add up to the item's
      const versions = rows.filter((one) => one.day === DAY && one.version !== 0 && one.audience === 'public');
      expect(versions.reduce((sum, one) => sum + one.plays, 0)).toBe(countedFrom(events, DAY, 'public', earlier).plays);

      const stage = await t.app.db.select().from(playStageDays).where(eq(playStageDays.stageId, stageId));
      const impressions = events.filter(
        (event) =>
          event.kind === 'impression' &&
          (event.at as Date).getTime() >= start &&
          (event.at as Date).getTime() < start + 24 * HOUR,
      );
      expect(stage.filter((one) => one.day === DAY)).toEqual([
        {
          day: DAY,
          ownerId,
          stageId,
          impressions: impressions.length,
          viewers: new Set(impressions.map((event) => event.player)).size,
        },
      ]);
    }
    // the second midnight's events are the next day's, the first's the day before's
    const before = await t.app.db.select().from(playDays).where(eq(playDays.ownerId, ownerId));
    expect(before.some((one) => one.day === dayBefore && one.players >= 1)).toBe(true);
  });

  it('answers the summary with "< 5" for a figure of fewer than five players, to the studio alone', async () => {
    const partner = await registerConnectedPartner(t.app);
    const ownerId = await userIdOf(t.app.db, partner.email);
    const busy = await createProduct(t.app, partner.accessToken, { name: 'Busy Tag' });
    const quiet = await createProduct(t.app, partner.accessToken, { name: 'Quiet Tag' });
    const now = Date.now();
    const played = (itemId: string, player: string): PlayEventRow[] => [
      { at: new Date(now - 60_000), kind: 'player-joined', audience: 'public', ownerId, itemId, version: 1, player },
      {
        at: new Date(now - 30_000),
        kind: 'player-left',
        audience: 'public',
        ownerId,
        itemId,
        version: 1,
        player,
        durationMs: 120_000,
      },
    ];
    await insertPlayEvents(t.app.db, [
      ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((player) => played(busy.id, player)),
      ...['a', 'b', 'c'].flatMap((player) => played(quiet.id, player)),
      {
        at: new Date(now - 10_000),
        kind: 'game-started',
        audience: 'public',
        ownerId,
        itemId: busy.id,
        version: 1,
        players: 6,
      },
    ]);
    await t.app.services.analytics.runRollups(new Date(now));
    const today = payoutZoneDate(new Date(now));
    const url = `/api/Analytics/Summary?From=${today}&To=${today}`;

    const response = await as(t.app, partner.accessToken).get(url);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json() as AnalyticsSummary;
    expect(summary).toMatchObject({ from: today, to: today, minPlayers: 5 });
    expect(summary.items).toEqual([
      {
        itemId: busy.id,
        itemType: 'Product',
        name: 'Busy Tag',
        plays: 1,
        players: 6,
        playerMinutes: 12,
        views: 0,
        sales: 0,
        income: 0,
      },
      {
        itemId: quiet.id,
        itemType: 'Product',
        name: 'Quiet Tag',
        plays: '< 5',
        players: '< 5',
        playerMinutes: '< 5',
        views: 0,
        sales: 0,
        income: 0,
      },
    ]);
    // a, b and c played both: six people in all
    expect(summary.totals).toEqual({ plays: 1, players: 6, playerMinutes: 18, views: 0, impressions: 0 });
    expect(summary.days).toEqual([{ day: today, plays: 1, players: 6, playerMinutes: 18, views: 0, impressions: 0 }]);

    const marketer = await addMember(t.app, partner, 'Marketing');
    expect((await marketer.caller.get(url)).json()).toEqual(summary);
    const stranger = await registerConnectedPartner(t.app);
    const theirs = (await as(t.app, stranger.accessToken).get(url)).json() as AnalyticsSummary;
    expect(theirs.items).toEqual([]);
    expect(theirs.totals).toEqual({ plays: '< 5', players: '< 5', playerMinutes: '< 5', views: 0, impressions: 0 });
  });

  it("answers a game's series, retention by cohort and versions, and refuses another studio's game", async () => {
    const partner = await registerConnectedPartner(t.app);
    const ownerId = await userIdOf(t.app.db, partner.email);
    const game = await createProduct(t.app, partner.accessToken, { name: 'Cohort Tag' });
    const dayOf = (offset: number) => payoutZoneDate(new Date(Date.now() + offset * 24 * HOUR));
    const first = dayOf(-8);
    const session = (day: string, player: string, version: number): PlayEventRow[] => {
      const at = payoutZoneDayStart(day).getTime() + 10 * HOUR;
      const base = { audience: 'public', ownerId, itemId: game.id, version, player } as const;
      return [
        { ...base, at: new Date(at), kind: 'player-joined' },
        { ...base, at: new Date(at + 5 * 60_000), kind: 'player-left', durationMs: 5 * 60_000 },
      ];
    };
    const cohort = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    await insertPlayEvents(t.app.db, [
      ...cohort.flatMap((player) => session(first, player, 1)),
      { at: payoutZoneDayStart(first), kind: 'game-started', audience: 'public', ownerId, itemId: game.id, version: 1 },
      ...['p1', 'p2', 'p3'].flatMap((player) => session(dayOf(-7), player, 2)),
      ...['p1', 'p4'].flatMap((player) => session(dayOf(-1), player, 2)),
    ]);
    for (const offset of [-8, -7, -1]) await t.app.services.analytics.rollUp(dayOf(offset));

    const get = (query: string, token = partner.accessToken) =>
      as(t.app, token).get(`/api/Analytics/Items/${game.id}?${query}`);
    const daily = await get(`From=${first}&To=${dayOf(0)}`);
    expect(daily.statusCode, daily.body).toBe(200);
    const figures = daily.json() as AnalyticsItem;
    expect(figures).toMatchObject({ name: 'Cohort Tag', granularity: 'day', minPlayers: 5 });
    expect(figures.totals).toEqual({ plays: 1, players: 6, playerMinutes: 55, views: 0 });
    expect(figures.points.map((point) => point.start)).toEqual(Array.from({ length: 9 }, (_, n) => dayOf(n - 8)));
    expect(figures.points[0]).toMatchObject({ players: 6, newPlayers: 6, returningPlayers: 0, playerMinutes: 30 });
    expect(figures.points[0]?.medianSessionSeconds).toBe(300);
    expect(figures.points[1]).toMatchObject({ players: '< 5', newPlayers: '< 5' });
    expect(figures.retention).toEqual([{ cohort: first, players: 6, day1: 50, day7: 33 }]);
    expect(figures.versions).toEqual([
      { version: 1, plays: 1, playerMinutes: 30 },
      { version: 2, plays: 0, playerMinutes: 25 },
    ]);

    const weekly = (await get(`From=${first}&To=${dayOf(0)}&Granularity=week`)).json() as AnalyticsItem;
    for (const point of weekly.points) expect(new Date(`${point.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weekly.totals).toEqual(figures.totals);

    const stranger = await registerConnectedPartner(t.app);
    const theirs = await get(`From=${first}&To=${dayOf(0)}`, stranger.accessToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCode).toBe('ProductNotFound');
    const none = await as(t.app, partner.accessToken).get(`/api/Analytics/Items/not-an-id?From=${first}&To=${first}`);
    expect(none.statusCode).toBe(404);
  });

  it.each([
    ['To before From', 'From=2026-11-20&To=2026-11-19'],
    ['no To', 'From=2026-11-20'],
    ['a day that is not one', 'From=2026-02-30&To=2026-03-01'],
    ['more than a year', 'From=2025-01-01&To=2026-01-02'],
  ])('refuses a range with %s', async (_label, query) => {
    const partner = await registerConnectedPartner(t.app);
    const response = await as(t.app, partner.accessToken).get(`/api/Analytics/Summary?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: expect.any(String), message: expect.any(String) });
  });
});
