import { distanceMetres, MAX_NEARBY_RESULTS } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/access.ts';
import { stages as stagesTable } from '../../db/schema/stages.ts';
import {
  as,
  buyFreeMonth,
  createScratchDatabase,
  describeEachDatabase,
  registerPartner,
  testConfig,
  userIdOf,
  useTestApp,
} from '../../testing/index.ts';

const PORTAL = 'http://localhost:8080';

interface Seeded {
  id: string;
  lat: number;
  lng: number;
  state: 'Draft' | 'Published';
  expiresAt: Date | null;
}

/** A seeded generator: the same stages and places every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  return { next, normal: () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next()) };
}

/** Where the seeded stages are: a dense city, the antimeridian, near the north pole, and a sparse square. */
const CLUSTERS = [
  { lat: 22.28, lng: 114.16, spreadDeg: 0.02 },
  { lat: -17, lng: 179.995, spreadDeg: 0.03 },
  { lat: 89.97, lng: 0, spreadDeg: 0.01 },
  { lat: 48.5, lng: 2.5, spreadDeg: 0.4 },
];

const answerOf = async (app: FastifyInstance, query: string) => {
  const response = await as(app).get(`/game/api/Stage/Nearby?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Array<{ id: string; name: string; distance: number; latitude: number }> }).data;
};

describeEachDatabase('the nearby index', (variant) => {
  const clock = new Date('2026-05-01T10:00:00Z');
  // 1 MB of room for stage JSON: the 1,200 stages' 2.4 MB of it is swept again and again
  const t = useTestApp(variant, { NEARBY_CACHE_MB: '1' }, { placementClock: () => clock });
  const seeded: Seeded[] = [];
  beforeAll(async () => {
    const partner = await registerPartner(t.app);
    const ownerId = await userIdOf(t.database.db, partner.email);
    const random = generator(7);
    const rows = Array.from({ length: 1200 }, (_, i) => {
      const cluster = CLUSTERS[i % CLUSTERS.length] as (typeof CLUSTERS)[number];
      const lat = Math.max(-90, Math.min(90, cluster.lat + random.normal() * cluster.spreadDeg));
      let lng = cluster.lng + (random.normal() * cluster.spreadDeg) / Math.cos((Math.min(lat, 89.9) * Math.PI) / 180);
      if (lng > 180) lng -= 360;
      if (lng < -180) lng += 360;
      const kind = random.next();
      const state = kind < 0.1 ? ('Draft' as const) : ('Published' as const);
      // a tenth of the published ones ended before the clock, the job not having moved them yet
      const expiresAt = state === 'Draft' ? null : new Date(clock.getTime() + (kind < 0.2 ? -1 : 1) * (1 + i) * 60_000);
      return { ownerId, lat, lng, state, expiresAt };
    });
    for (let from = 0; from < rows.length; from += 300) {
      const inserted = await t.database.db
        .insert(stagesTable)
        .values(
          rows.slice(from, from + 300).map((row, i) => ({
            ownerId: row.ownerId,
            name: `Stage ${from + i}`,
            description: 'A poster wall along the pier. '.repeat(70),
            latitude: row.lat,
            longitude: row.lng,
            altitude: 0,
            heading: 0,
            anchorId: `anchor-${from + i}`,
            contents: [],
            state: row.state,
            publishedAt: row.state === 'Published' ? new Date(clock.getTime() - 86_400_000) : null,
            expiresAt: row.expiresAt,
          })),
        )
        .returning({ id: stagesTable.id, latitude: stagesTable.latitude, longitude: stagesTable.longitude });
      inserted.forEach((row, i) => {
        const source = rows[from + i] as (typeof rows)[number];
        seeded.push({
          id: row.id,
          lat: row.latitude,
          lng: row.longitude,
          state: source.state,
          expiresAt: source.expiresAt,
        });
      });
    }
  }, 60_000);

  /** What a search of every live stage answers: within the radius, nearest first, then by id, at most 50. */
  const expected = (lat: number, lng: number, radius: number) =>
    seeded
      .filter((stage) => stage.state === 'Published' && stage.expiresAt !== null && stage.expiresAt > clock)
      .map((stage) => ({ id: stage.id, distance: distanceMetres({ lat, lng }, stage) }))
      .filter((stage) => stage.distance <= radius)
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
      .slice(0, MAX_NEARBY_RESULTS);

  it('answers exactly what a search of every live stage answers, across the antimeridian and at the pole', async () => {
    const random = generator(11);
    const radii = [100, 1000, 3000, 10_000];
    let full = 0;
    let empty = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 80; i++) {
        const cluster = CLUSTERS[i % CLUSTERS.length] as (typeof CLUSTERS)[number];
        const lat = Math.max(-90, Math.min(90, cluster.lat + random.normal() * cluster.spreadDeg)).toFixed(5);
        let lng = cluster.lng + random.normal() * cluster.spreadDeg * 2;
        if (lng > 180) lng -= 360;
        const radius = radii[i % radii.length] as number;
        const query = `lat=${lat}&lng=${lng.toFixed(5)}&radius=${radius}`;
        const answer = await answerOf(t.app, query);
        const wanted = expected(Number(lat), Number(lng.toFixed(5)), radius);
        expect(
          answer.map((stage) => stage.id),
          query,
        ).toEqual(wanted.map((stage) => stage.id));
        answer.forEach((stage, index) => {
          expect(stage.distance, query).toBe(Math.round((wanted[index]?.distance ?? 0) * 10) / 10);
        });
        if (answer.length === MAX_NEARBY_RESULTS) full += 1;
        if (answer.length === 0) empty += 1;
      }
    }
    // the places asked about include crowded circles (cut at 50) and empty ones
    expect(full).toBeGreaterThan(10);
    expect(empty).toBeGreaterThan(0);
  });

  it('leaves out a stage as its month ends, and shows what a write through this node changed at once', async () => {
    const [first] = await answerOf(t.app, 'lat=22.28&lng=114.16&radius=1000');
    expect(first).toBeDefined();
    const id = first?.id as string;
    await t.database.db
      .update(stagesTable)
      .set({ expiresAt: clock, updatedAt: sql`now()` })
      .where(eq(stagesTable.id, id));
    // written behind the service's back (as every write does, with its change time): the index reads it at its
    // next look, here at once
    await t.app.services.stages.nearbyIndex.sync();
    expect((await answerOf(t.app, 'lat=22.28&lng=114.16&radius=1000')).map((stage) => stage.id)).not.toContain(id);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

(postgresUrl ? describe : describe.skip)(
  `the nearby index across two nodes on one PostgreSQL${postgresUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    const nodes: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await createScratchDatabase();
      const config = testConfig({ DATABASE_URL: database.url, PUBLIC_URL: PORTAL, NEARBY_SYNC_MS: '100' });
      nodes.push(...(await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })])));
    }, 60_000);
    afterAll(async () => {
      await Promise.all(nodes.map((app) => app.close()));
      await database?.drop();
    });

    it('shows on one node, within its look for changes, what a partner published, moved and deleted on the other', async () => {
      const [a, b] = nodes as [FastifyInstance, FastifyInstance];
      const partner = await registerPartner(a);
      const owner = as(a, partner.accessToken);
      await buyFreeMonth(a, partner.accessToken, PORTAL);
      const stageAt = (name: string, latitude: number) => ({
        name,
        description: '',
        latitude,
        longitude: 2.2945,
        altitude: 0,
        heading: 0,
        anchorId: 'anchor-tower',
        contents: [],
      });
      const created = await owner.post('/api/Stage', stageAt('Tower', 48.8584));
      const id = (created.json() as { id: string }).id;
      const second = (await owner.post('/api/Stage', stageAt('Bridge', 48.8586))).json() as { id: string };
      // node B answers first, so that its index is loaded before the changes it has to follow
      expect(await answerOf(b, 'lat=48.8584&lng=2.2945&radius=200')).toEqual([]);
      for (const stage of [id, second.id]) {
        expect((await owner.put(`/api/Stage/Publish/${stage}`)).statusCode).toBe(200);
      }
      // node A wrote it: its own index has it at once
      expect((await answerOf(a, 'lat=48.8584&lng=2.2945&radius=200')).map((s) => s.name)).toEqual(['Tower', 'Bridge']);
      await vi.waitFor(
        async () =>
          expect((await answerOf(b, 'lat=48.8584&lng=2.2945&radius=200')).map((s) => s.name)).toEqual([
            'Tower',
            'Bridge',
          ]),
        { timeout: 5000, interval: 50 },
      );

      // moved 11 km north and renamed: gone from here, shown there
      expect((await owner.put(`/api/Stage/${id}`, stageAt('Tower, moved', 48.9584))).statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await answerOf(b, 'lat=48.8584&lng=2.2945&radius=200')).map((s) => s.name)).toEqual(['Bridge']);
          expect((await answerOf(b, 'lat=48.9584&lng=2.2945&radius=200')).map((s) => s.name)).toEqual(['Tower, moved']);
        },
        { timeout: 5000, interval: 50 },
      );

      // deleted by the partner, and by the cascade of the partner's account
      expect((await owner.delete(`/api/Stage/${id}`)).statusCode).toBe(204);
      await vi.waitFor(async () => expect(await answerOf(b, 'lat=48.9584&lng=2.2945&radius=200')).toEqual([]), {
        timeout: 5000,
        interval: 50,
      });
      await a.db.delete(users).where(eq(users.id, await userIdOf(a.db, partner.email)));
      await vi.waitFor(async () => expect(await answerOf(b, 'lat=48.8584&lng=2.2945&radius=200')).toEqual([]), {
        timeout: 5000,
        interval: 50,
      });
    });
  },
);
