import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { PlayEventRow } from './repository.ts';
import { createAnalyticsService, type GameObservation } from './service.ts';

const OWNER = '00000000-0000-4000-8000-000000000001';
const GAME = '00000000-0000-4000-8000-0000000000aa';
const STRANGER = '00000000-0000-4000-8000-000000000011';
const MEMBER = '00000000-0000-4000-8000-000000000012';
const TESTER = '00000000-0000-4000-8000-000000000013';

/** The analytics service over stand-ins: one studio with one member, one tester and one game; `writeRows` decides. */
function service(writeRows: (rows: PlayEventRow[]) => Promise<void>, queueEvents = 100_000) {
  const log = { warn: vi.fn(), info: vi.fn() };
  const analytics = createAnalyticsService({
    db: {} as Db,
    config: { analytics: { minPlayers: 5, rawDays: 90, queueEvents } },
    log: log as unknown as FastifyBaseLogger,
    secretKey: 'a test secret key of thirty-two characters or more',
    team: { roleOf: async (_studio: string, userId: string) => (userId === MEMBER ? 'Developer' : undefined) },
    testers: { isTesterOf: async (_owner: string, userId: string) => userId === TESTER },
    catalog: {
      summarizeItems: async (_type, ids) =>
        ids.map((id) => ({ id, ownerId: OWNER, name: 'Tag', iconUrl: '', status: 'Released', priceCents: 0 })),
    },
    stages: { summarizeStages: async () => new Map(), stagesPlacing: async () => [] },
    income: { salesByItem: async () => [] },
    writeRows,
  });
  return { analytics, log };
}

const joined = (userId: string): GameObservation => ({
  kind: 'player-joined',
  at: Date.now(),
  gameId: GAME,
  productId: '00000000-0000-4000-8000-0000000000bb',
  productVersion: 1,
  userIds: [userId],
  durationMs: null,
});

describe('recording play events off the hub’s path', () => {
  it('never makes the recorder wait while the database hangs, and counts what its bound lets go', async () => {
    const hang = new Promise<void>(() => undefined);
    const { analytics } = service(() => hang, 5_000);
    // recording answers nothing to wait for: every event is kept or counted before the loop's next turn
    for (let n = 0; n < 20_000; n++) expect(analytics.recordGame(joined(`player-${n}`))).toBeUndefined();
    expect(analytics.recordingStats()).toMatchObject({ queued: 5_000, dropped: 15_000, written: 0 });
  });

  it('keeps the events while the database is down, says so once, and writes them when it is back', async () => {
    let down = true;
    const written: PlayEventRow[] = [];
    const { analytics, log } = service(async (rows) => {
      if (down) throw new Error('connection refused');
      written.push(...rows);
    });
    for (const userId of [STRANGER, MEMBER, TESTER]) analytics.recordGame(joined(userId));
    await analytics.flush();
    await analytics.flush();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(analytics.recordingStats()).toMatchObject({ queued: 3, dropped: 0, failedWrites: 2 });

    down = false;
    await analytics.flush();
    expect(written.map((row) => row.audience)).toEqual(['public', 'testing', 'testing']);
    expect(analytics.recordingStats()).toMatchObject({ queued: 0, written: 3, dropped: 0 });
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});
