import {
  MAX_NEARBY_RESULTS,
  type NearbyQuery,
  type NearbyStage,
  STAGE_CONTENT_URL_TTL_MS,
  type VerticalCarousel,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createNearbyIndex, type NearbyCandidate } from './nearby-index.ts';
import * as repo from './repository.ts';

/**
 * The stages of a nearby answer, nearest first: each with its id, its distance and its tail, its JSON (without the
 * distance) after its opening brace, which the answer writes after `{"distance":…,`.
 */
export type NearbyStages = ReadonlyArray<{ id: string; distance: number; tail: Buffer }>;

export interface NearbyDeps {
  db: Db;
  config: Pick<AppConfig, 'nearbySyncMs' | 'nearbyCacheMb'>;
  log: FastifyBaseLogger;
  /** The placement clock: a stage whose month has ended is not answered. */
  now: () => Date;
  /** A stored build's URL signed to be read by anyone until then (files' `signedUrl`). */
  signedUrl: (url: string | null, expiresAt: Date) => string | null;
}

/**
 * The signed URLs of 3D models are made for a window of this length and expire an hour after its end: so every URL
 * answered lasts 60 to 65 minutes, and a stage's JSON is written once a window rather than on every answer.
 */
const SIGNING_WINDOW_MS = 5 * 60 * 1000;

/** A carousel as a stage shows it, to its partner and in the AR app. */
export function toCarousel(row: repo.NearbyCarousel): VerticalCarousel {
  return {
    id: row.id,
    stageId: row.stageId,
    name: row.name,
    images: row.images,
    position: row.placement.position,
    rotation: row.placement.rotation,
    scale: row.placement.scale,
  };
}

/** What every view of a stage shows: its place, its anchor and its contents. */
export const placedStage = (row: Omit<repo.NearbyStageRow, 'carousels' | 'expiresAt'>) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  latitude: row.latitude,
  longitude: row.longitude,
  altitude: row.altitude,
  heading: row.heading,
  anchorId: row.anchorId,
  contents: row.contents,
});

/**
 * A stage as the AR app's answer shows it, but for its distance from the place asked about: a 3D model's build (which
 * only its owner may read unsigned) under a URL signed until `urlsExpireAt`; images and videos are public.
 */
const toNearbyStage = (
  row: repo.NearbyStageRow,
  signed: (url: string | null) => string | null,
): Omit<NearbyStage, 'distance'> => {
  const stage = placedStage(row);
  return {
    ...stage,
    contents: stage.contents.map((content) =>
      content.type === 'Asset3D' ? { ...content, url: signed(content.url) } : content,
    ),
    verticalCarousels: row.carousels.map(toCarousel),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
};

/**
 * The AR app's read of live stages around a place. The candidates come from the nearby index (every published
 * stage's place, in memory), each with its revision; each stage's JSON (its tail) is kept by the index from the first answer
 * that carried it until the stage changes, so only a stage new to this process or changed since is read from the
 * database. Writing the answer is the routes' (nearby-serializer.ts).
 */
export function createNearby({ db, config, log, now, signedUrl }: NearbyDeps) {
  const index = createNearbyIndex({
    db,
    log,
    syncMs: config.nearbySyncMs,
    keepBytes: config.nearbyCacheMb * 1024 * 1024,
  });

  /** The signing window the kept JSON was written in: when a new one begins, every stage is written anew. */
  let signingWindow = -1;

  return {
    /** A look for stage changes now (this node's writes; other nodes' come every NEARBY_SYNC_MS), and its end. */
    sync: index.sync,
    stop: index.stop,

    /** Live stages within the radius, nearest first (then by id), at most MAX_NEARBY_RESULTS. */
    async near(query: NearbyQuery): Promise<NearbyStages> {
      const at = now();
      await index.ready();
      // signed on the wall clock, which the file host checks, not on the placement clock
      const current = Math.floor(Date.now() / SIGNING_WINDOW_MS);
      if (current > signingWindow) {
        index.forgetTails();
        signingWindow = current;
      }
      const urlsExpireAt = new Date((current + 1) * SIGNING_WINDOW_MS + STAGE_CONTENT_URL_TTL_MS);
      const signed = (url: string | null) => signedUrl(url, urlsExpireAt);
      const candidates = index.near({ lat: query.lat, lng: query.lng }, query.radius, at, MAX_NEARBY_RESULTS);
      const missing = candidates.filter((candidate) => !candidate.tail);
      if (missing.length > 0) {
        const read = new Map<string, Buffer>();
        for (const row of await repo.selectNearbyStages(
          db,
          missing.map((candidate) => candidate.id),
        )) {
          const tail = Buffer.from(JSON.stringify(toNearbyStage(row, signed)).slice(1));
          // written in a window that has ended meanwhile: answered, not kept
          if (current === signingWindow) index.keepTail(row.id, row.revision, tail);
          read.set(row.id, tail);
        }
        for (const candidate of missing) candidate.tail = read.get(candidate.id);
      }
      // a stage deleted since the index last looked is left out
      return candidates.filter(
        (candidate): candidate is NearbyCandidate & { tail: Buffer } => candidate.tail !== undefined,
      );
    },
  };
}

export type Nearby = ReturnType<typeof createNearby>;
