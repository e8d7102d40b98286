import { randomUUID } from 'node:crypto';
import { ANALYTICS_RANGE_DAYS, payoutZoneDate } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EVERY_ITEM } from '../../db/schema/analytics.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { dayOf, describeEachDatabase, noonOf, useTestApp } from '../../testing/index.ts';
import {
  countRange,
  insertPlayEvents,
  type PlayEventRow,
  type RangeFigures,
  selectBucketPlayers,
  selectItemFigures,
  selectReadyStageTotals,
  selectStageTotals,
  selectSummaryFigures,
} from './repository.ts';

const DAYS = 45;
const MINUTE = 60_000;

/** `YYYY-MM-DD` plus `days`. */
const plus = (day: string, days: number) => payoutZoneDate(new Date(noonOf(day).getTime() + days * 86_400_000));
/** The first day of the week (Monday) or month of `day`. */
function bucketOf(day: string, granularity: 'week' | 'month'): string {
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  return plus(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** Who played what on which day, publicly, counted here from the raw events (a day's public join makes it public). */
function playedFrom(events: PlayEventRow[]) {
  const publicDays = new Map<string, Set<string>>();
  const anyDays = new Map<string, Set<string>>();
  for (const event of events) {
    if (event.kind !== 'player-joined' || !event.player || !event.itemId) continue;
    const key = `${event.ownerId}|${event.itemId}|${event.player}`;
    const day = payoutZoneDate(event.at as Date);
    for (const map of event.audience === 'public' ? [publicDays, anyDays] : [anyDays]) {
      map.set(key, (map.get(key) ?? new Set()).add(day));
    }
  }
  const played = [...publicDays].map(([key, days]) => {
    const [ownerId, itemId, player] = key.split('|') as [string, string, string];
    return { ownerId, itemId, player, days: [...days].sort(), anyDays: anyDays.get(key) ?? new Set<string>() };
  });
  /** Unique public players of a studio's item (or every item) with a day in `from` to `to`. */
  const uniques = (ownerId: string, from: string, to: string, itemId?: string) =>
    new Set(
      played
        .filter((p) => p.ownerId === ownerId && (itemId === undefined || p.itemId === itemId))
        .filter((p) => p.days.some((day) => day >= from && day <= to))
        .map((p) => p.player),
    ).size;
  return { played, uniques };
}

describeEachDatabase('play analytics: the figures kept ready for the ranges the web offers', (variant) => {
  const t = useTestApp(variant);

  it("answers each range, whole and cut weeks and months, and first-play cohorts as counted from the raw events, after a late batch, a day's turn and a history derived anew", async () => {
    const random = seededRandom(3636);
    const ownerId = randomUUID();
    const quiet = randomUUID();
    const items = [randomUUID(), randomUUID(), randomUUID()];
    const quietItem = randomUUID();
    const stages = [randomUUID(), randomUUID()];
    const people = Array.from({ length: 40 }, (_, n) => `player-${n}`);
    const events: PlayEventRow[] = [];
    const play = (owner: string, itemId: string, day: string, player: string, audience: 'public' | 'testing') => {
      const at = new Date(noonOf(day).getTime() + Math.floor(random() * 600) * MINUTE - 300 * MINUTE);
      const base = { audience, ownerId: owner, itemId, version: 1 + Math.floor(random() * 2), gameId: randomUUID() };
      const ms = (1 + Math.floor(random() * 20)) * MINUTE;
      events.push(
        { ...base, at, kind: 'game-started', players: 1 },
        { ...base, at, kind: 'player-joined', player },
        { ...base, at: new Date(at.getTime() + ms), kind: 'player-left', player, durationMs: ms },
        { ...base, at, kind: 'view', player },
      );
    };
    // a studio's players drift: each day a window of its audience, a few testers; a quiet studio stopped 10 days ago
    for (let offset = -(DAYS - 1); offset <= 0; offset++) {
      const day = dayOf(offset);
      items.forEach((itemId, rank) => {
        const window = people.slice(Math.floor((offset + DAYS) / 3) % 20, 20 + ((offset + DAYS) % 20));
        for (const player of window) if (random() < 0.25 / (rank + 1)) play(ownerId, itemId, day, player, 'public');
        if (random() < 0.3) play(ownerId, itemId, day, `tester-${rank}`, 'testing');
      });
      for (const stageId of stages) {
        const seen = Math.floor(random() * 4);
        for (let n = 0; n < seen; n++) {
          events.push({ at: noonOf(day), kind: 'impression', audience: 'public', ownerId, stageId, player: `v${n}` });
        }
      }
      if (offset >= -20 && offset <= -10) {
        for (const player of people.slice(0, 6)) if (random() < 0.5) play(quiet, quietItem, day, player, 'public');
      }
    }
    await insertPlayEvents(t.app.db, events);
    const analytics = t.app.services.analytics;
    /** A studio's range as the summary reads it kept, or none. */
    const readyRange = async (owner: string, days: number, to: string) =>
      (await selectSummaryFigures(t.app.db, owner, to, to, days)).ranges;
    for (let offset = -(DAYS - 1); offset <= -1; offset++) await analytics.rollUp(dayOf(offset));
    // the quiet studio's ranges end where its last day rolled up did; today begins with nothing of it
    expect(await readyRange(quiet, 28, dayOf(0))).toBeUndefined();
    await analytics.rollUp(dayOf(0));

    const today = dayOf(0);
    async function expectCounted() {
      const { played, uniques } = playedFrom(events);
      for (const days of ANALYTICS_RANGE_DAYS) {
        const from = plus(today, -(days - 1));
        for (const owner of [ownerId, quiet]) {
          const ready = await readyRange(owner, days, today);
          const counted = await countRange(t.app.db, owner, from, today);
          expect(ready, `${days} days of ${owner === quiet ? 'the quiet studio' : 'the studio'}`).toEqual(counted);
          const byStage = (rows: Array<{ stageId: string; impressions: number }> | undefined) =>
            Object.fromEntries((rows ?? []).map((row) => [row.stageId, row.impressions]));
          if (owner === ownerId) {
            const counted = byStage(await selectStageTotals(t.app.db, owner, from, today));
            expect(Object.keys(counted).length).toBeGreaterThan(0);
            expect(byStage(await selectReadyStageTotals(t.app.db, owner, days, today))).toEqual(counted);
            expect(byStage((await selectSummaryFigures(t.app.db, owner, from, today, days)).stages)).toEqual(counted);
          }
          const players = (figures: Map<string, RangeFigures> | undefined, id: string) => figures?.get(id)?.players;
          expect(players(ready, EVERY_ITEM)).toBe(uniques(owner, from, today));
          for (const itemId of [...items, quietItem]) {
            if (players(ready, itemId) !== undefined)
              expect(players(ready, itemId)).toBe(uniques(owner, from, today, itemId));
            // an item's answer reads its range and the studio's, kept, in its own statement
            const item = await selectItemFigures(t.app.db, owner, itemId, from, today, days);
            if (ready?.has(itemId)) {
              const counted = await countRange(t.app.db, owner, from, today, itemId);
              expect(item.ranges?.get(itemId)).toEqual(counted.get(itemId));
              expect(item.ranges?.get(EVERY_ITEM)).toEqual(ready.get(EVERY_ITEM));
            }
          }
        }
      }
      // the summary reads them: its totals, and each day's players of every item together
      const summary = await t.app.services.analytics.summary(ownerId, { From: plus(today, -27), To: today });
      expect(summary.totals.players).toBe(uniques(ownerId, plus(today, -27), today));
      expect(summary.days.map((point) => point.players)).toEqual(
        summary.days.map(({ day }) => {
          const players = uniques(ownerId, day, day);
          return players < 5 ? '< 5' : players;
        }),
      );
      // a range that ends elsewhere is counted, not read
      expect(await readyRange(ownerId, 7, dayOf(-1))).toBeUndefined();

      const from = dayOf(-(DAYS - 3));
      for (const itemId of items) {
        // to today (the last bucket as kept), and to yesterday (the last bucket counted: some played after it)
        for (const [granularity, to] of [
          ['week', today],
          ['month', today],
          ['week', dayOf(-1)],
          ['month', dayOf(-1)],
        ] as const) {
          const expected = new Map<string, Set<string>>();
          for (const p of played.filter((row) => row.itemId === itemId)) {
            for (const day of p.days.filter((d) => d >= from && d <= to)) {
              const start = bucketOf(day, granularity);
              expected.set(start, (expected.get(start) ?? new Set()).add(p.player));
            }
          }
          const buckets = await selectBucketPlayers(t.app.db, ownerId, itemId, from, to, granularity);
          expect(Object.fromEntries(buckets), `${granularity}s of an item to ${to}`).toEqual(
            Object.fromEntries([...expected].map(([start, set]) => [start, set.size])),
          );
        }
        const cohorts = new Map<string, { players: number; day1: number; day7: number }>();
        for (const p of played.filter((row) => row.itemId === itemId)) {
          const first = p.days[0] as string;
          const cohort = cohorts.get(first) ?? { players: 0, day1: 0, day7: 0 };
          cohort.players += 1;
          if (p.anyDays.has(plus(first, 1))) cohort.day1 += 1;
          if (p.anyDays.has(plus(first, 7))) cohort.day7 += 1;
          cohorts.set(first, cohort);
        }
        const { cohorts: kept } = await selectItemFigures(t.app.db, ownerId, itemId, dayOf(-DAYS), today, 0);
        expect(kept.length).toBeGreaterThan(5);
        expect(Object.fromEntries(kept.map(({ cohort, ...figures }) => [cohort, figures]))).toEqual(
          Object.fromEntries(cohorts),
        );
      }
    }
    await expectCounted();

    // a batch of yesterday written after midnight: a newcomer who also played today, and a returning player
    const late = events.length;
    play(ownerId, items[0] as string, dayOf(0), 'newcomer', 'public');
    play(ownerId, items[0] as string, dayOf(-1), 'newcomer', 'public');
    play(ownerId, items[1] as string, dayOf(-1), 'player-3', 'public');
    await insertPlayEvents(t.app.db, events.slice(late));
    await analytics.rollUp(dayOf(-1));
    await analytics.rollUp(dayOf(0));
    await expectCounted();

    // an answer kept for the studio is let go when the rollup changes its figures
    const week = { From: plus(today, -6), To: today };
    const before = await analytics.summary(ownerId, week);
    expect(await analytics.summary(ownerId, week)).toEqual(before);
    const seen = events.length;
    play(ownerId, items[2] as string, today, 'latecomer', 'public');
    await insertPlayEvents(t.app.db, events.slice(seen));
    await analytics.rollUp(today);
    expect((await analytics.summary(ownerId, week)).totals.views).toBe(before.totals.views + 1);

    // a database of an earlier release: its rollups derived anew, once, by the job's first run
    for (const table of ['play_item_players', 'play_studio_days', 'play_cohorts', 'play_buckets', 'play_ranges']) {
      await t.app.db.execute(sql.raw(`delete from ${table}`));
    }
    expect(await readyRange(ownerId, 7, today)).toBeUndefined();
    await analytics.deriveHistory();
    await expectCounted();
  });
});
