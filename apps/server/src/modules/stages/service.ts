import { randomUUID } from 'node:crypto';
import {
  type Asset,
  type AssetPage,
  type AssetQuery,
  type CarouselInput,
  type CarouselUpdateInput,
  canPublish,
  EXPIRY_REMINDER_DAYS,
  MAX_CAROUSELS_PER_STAGE,
  MAX_NEARBY_RESULTS,
  type NearbyQuery,
  type NearbyStage,
  nearbyResponseSchema,
  reminderHorizon,
  type Stage,
  type StageInput,
  type StagePage,
  type StageQuery,
  stageExpiry,
  type VerticalCarousel,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { pageBounds } from '../../db/paging.ts';
import type { StoredContent, StoredPlacement } from '../../db/schema/stages.ts';
import { BufferPool } from '../../lib/buffer-pool.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { MAX_TENTHS_CHARACTERS, writeTenths } from '../../lib/json-bytes.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { FilesService, IncomingFile } from '../files/service.ts';
import { createNearbyIndex } from './nearby-index.ts';
import * as repo from './repository.ts';

const NEARBY_OPENING = Buffer.from('{"data":[');
const NEARBY_CLOSING = Buffer.from(']}');
const NEARBY_HEAD = Buffer.from('{"distance":');
const COMMA = 0x2c;
/** Room for a full nearby answer (50 stages of about 1.3 KB): the answers are written into buffers lent for them. */
const NEARBY_ANSWER_BYTES = 128 * 1024;
/** Answer buffers kept between loads: as many as answers are written at once, up to this. */
const NEARBY_ANSWERS_KEPT = 128;

/** Stages expired or reminded in one statement: a run takes them in batches until none is left. */
const EXPIRY_BATCH = 500;

export interface StagesDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FilesService;
  /** Whether a bought month covers now for a partner (the subscriptions' own rule). */
  isSubscribed: (userId: string) => Promise<boolean>;
  now?: () => Date;
}

const placementOf = (input: { position: number[]; rotation: number[]; scale: number[] }): StoredPlacement => ({
  position: input.position as StoredPlacement['position'],
  rotation: input.rotation as StoredPlacement['rotation'],
  scale: input.scale as StoredPlacement['scale'],
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toCarousel(row: repo.NearbyCarousel): VerticalCarousel {
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

/** A stage as the partner sees it at `at`: a published stage whose month has ended is expired, job or no job. */
function toStage(row: repo.StageRow, carousels: repo.CarouselRow[], at: Date): Stage {
  const ended = row.state === 'Published' && row.expiresAt !== null && row.expiresAt <= at;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    altitude: row.altitude,
    heading: row.heading,
    anchorId: row.anchorId,
    contents: row.contents,
    verticalCarousels: carousels.filter((carousel) => carousel.stageId === row.id).map(toCarousel),
    state: ended ? 'Expired' : row.state,
    publishedAt: iso(row.publishedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A nearby stage as the AR app reads it; its distance to 0.1 m. */
/** A stage as the AR app's answer shows it, but for its distance from the place asked about. */
const toNearbyStage = (row: repo.NearbyStageRow): Omit<NearbyStage, 'distance'> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  latitude: row.latitude,
  longitude: row.longitude,
  altitude: row.altitude,
  heading: row.heading,
  anchorId: row.anchorId,
  contents: row.contents,
  verticalCarousels: row.carousels.map(toCarousel),
  expiresAt: iso(row.expiresAt),
});

const toAsset = (row: repo.AssetRow): Asset => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * VPS stages: AR content placed around an anchor at a real place. A partner drafts a stage from their own assets,
 * publishes it while a bought month covers the moment, and it shows in the AR app for a month; a job expires it
 * and mails the partner three days before and at the end.
 */
export function createStagesService({
  db,
  config,
  log,
  mailer,
  files,
  isSubscribed,
  now = () => new Date(),
}: StagesDeps) {
  const nearbyAnswers = new BufferPool(NEARBY_ANSWER_BYTES, NEARBY_ANSWERS_KEPT);
  const nearbyIndex = createNearbyIndex({
    db,
    log,
    syncMs: config.nearbySyncMs,
    keepBytes: config.nearbyCacheMb * 1024 * 1024,
  });
  /** After a write here: the index reads it before the write answers, so the next nearby read shows it. */
  const stagesChanged = () =>
    nearbyIndex.sync().catch((err: unknown) => log.warn({ err }, 'nearby index could not read stage changes'));
  /** The partner's assets a stage names, checked for owner and type: a foreign or unknown id is refused. */
  async function resolveAssets(ownerId: string, wanted: Array<{ assetId: string; type: Asset['type'] }>) {
    const ids = [...new Set(wanted.map((item) => item.assetId))];
    const found = new Map<string, repo.AssetRow>();
    if (ids.length > 0) {
      const { rows } = await repo.selectAssets(db, ownerId, { ids }, null, 0);
      for (const row of rows) found.set(row.id, row);
    }
    for (const item of wanted) {
      const asset = found.get(item.assetId);
      if (!asset) throw new AppError('AssetNotFound');
      if (asset.type !== item.type) throw new AppError('AssetTypeMismatch');
    }
    return found;
  }

  async function storedContents(ownerId: string, input: StageInput['contents']): Promise<StoredContent[]> {
    const assets = await resolveAssets(
      ownerId,
      input.flatMap((content) =>
        content.type === 'Utility' ? [] : [{ assetId: content.assetId, type: content.type }],
      ),
    );
    return input.map((content) => {
      const asset = content.type === 'Utility' ? undefined : assets.get(content.assetId);
      return {
        id: randomUUID(),
        type: content.type,
        name: content.name ?? asset?.name ?? '',
        assetId: asset?.id ?? null,
        utility: content.type === 'Utility' ? content.utility : null,
        url: asset?.url ?? null,
        thumbnailUrl: asset?.thumbnailUrl ?? null,
        ...placementOf(content),
      };
    });
  }

  async function carouselImages(ownerId: string, images: string[]) {
    const assets = await resolveAssets(
      ownerId,
      images.map((assetId) => ({ assetId, type: 'Image' as const })),
    );
    return images.map((assetId) => {
      const asset = assets.get(assetId) as repo.AssetRow;
      return { assetId, url: asset.url, thumbnailUrl: asset.thumbnailUrl };
    });
  }

  async function withCarousels(row: repo.StageRow): Promise<Stage> {
    return toStage(row, await repo.selectCarousels(db, [row.id]), now());
  }

  async function ownedStage(ownerId: string, id: string): Promise<repo.StageRow> {
    const row = isUuid(id) ? await repo.selectOwnedStage(db, ownerId, id) : undefined;
    if (!row) throw new AppError('StageNotFound');
    return row;
  }

  const stageValues = async (ownerId: string, input: StageInput): Promise<repo.StageValues> => ({
    name: input.name,
    description: input.description ?? '',
    latitude: input.latitude,
    longitude: input.longitude,
    altitude: input.altitude,
    heading: input.heading,
    anchorId: input.anchorId,
    contents: await storedContents(ownerId, input.contents),
  });

  async function mailStage(
    kind: 'reminder' | 'expired',
    stage: { id: string; name: string; email: string; expires_at: string | Date },
  ) {
    const ends = new Date(stage.expires_at).toISOString().slice(0, 10);
    const mail =
      kind === 'reminder'
        ? {
            subject: `Your stage “${stage.name}” ends in ${EXPIRY_REMINDER_DAYS} days`,
            heading: `“${stage.name}” ends on ${ends}`,
            paragraphs: [
              `Your VPS stage “${stage.name}” stops showing in the AR app on ${ends} (UTC), a month after you published it.`,
              'To keep it showing, buy another month of AR placement and publish it again once it has ended.',
            ],
          }
        : {
            subject: `Your stage “${stage.name}” has ended`,
            heading: `“${stage.name}” has ended`,
            paragraphs: [
              `Your VPS stage “${stage.name}” reached the end of its month on ${ends} (UTC) and no longer shows in the AR app.`,
              'Its placement is kept: publish it again with a new month of AR placement to show it once more.',
            ],
          };
    await mailer.send({
      purpose: kind === 'reminder' ? 'stage-expiry-reminder' : 'stage-expired',
      to: stage.email,
      ...renderMail({ ...mail, action: { label: 'Open your stages', url: `${config.publicUrl}/vps` } }),
    });
  }

  return {
    /** The nearby index's look for changes now (other nodes' writes), and its timer's end. */
    nearbyIndex: { sync: nearbyIndex.sync, stop: nearbyIndex.stop },

    async query(ownerId: string, query: StageQuery): Promise<StagePage> {
      const at = now();
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const { rows, total } = await repo.selectStagePage(
        db,
        { ownerId, at, ...(query.State ? { state: query.State } : {}) },
        limit,
        offset,
      );
      const carousels = await repo.selectCarousels(
        db,
        rows.map((row) => row.id),
      );
      return { data: rows.map((row) => toStage(row, carousels, at)), totalCount: total };
    },

    async get(ownerId: string, id: string): Promise<Stage> {
      return withCarousels(await ownedStage(ownerId, id));
    },

    async create(ownerId: string, input: StageInput): Promise<Stage> {
      const row = await repo.insertStage(db, ownerId, await stageValues(ownerId, input));
      log.info({ stageId: row.id, ownerId }, 'stage created');
      return toStage(row, [], now());
    },

    async update(ownerId: string, id: string, input: StageInput): Promise<Stage> {
      await ownedStage(ownerId, id);
      const row = await repo.updateStage(db, ownerId, id, await stageValues(ownerId, input));
      if (!row) throw new AppError('StageNotFound');
      await stagesChanged();
      return withCarousels(row);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteStage(db, ownerId, id))) throw new AppError('StageNotFound');
      await stagesChanged();
      log.info({ stageId: id, ownerId }, 'stage deleted');
    },

    /** Publishes a draft, or an expired stage again, for one month from now: only while a bought month covers now. */
    async publish(ownerId: string, id: string): Promise<Stage> {
      const at = now();
      const current = toStage(await ownedStage(ownerId, id), [], at);
      if (!canPublish(current.state)) throw new AppError('StageNotPublishable');
      if (!(await isSubscribed(ownerId))) throw new AppError('SubscriptionRequired');
      const row = await repo.publishStage(db, ownerId, id, at, stageExpiry(at));
      if (!row) throw new AppError('StageNotPublishable');
      log.info({ stageId: id, ownerId, expiresAt: row.expiresAt }, 'stage published');
      await stagesChanged();
      return withCarousels(row);
    },

    async addCarousel(ownerId: string, input: CarouselInput): Promise<VerticalCarousel> {
      const stage = await ownedStage(ownerId, input.stageId);
      const images = await carouselImages(ownerId, input.images);
      // counted and added under a lock on the stage's carousels: adds at once cannot pass the limit together
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `stage-carousels:${stage.id}`);
        if ((await repo.countCarousels(tx, stage.id)) >= MAX_CAROUSELS_PER_STAGE) {
          throw new AppError('ValidationFailed', `A stage holds at most ${MAX_CAROUSELS_PER_STAGE} vertical carousels`);
        }
        const added = await repo.insertCarousel(tx, {
          stageId: stage.id,
          name: input.name ?? '',
          images,
          placement: placementOf(input),
        });
        await repo.touchStage(tx, stage.id);
        return added;
      });
      await stagesChanged();
      return toCarousel(row);
    },

    async updateCarousel(ownerId: string, id: string, input: CarouselUpdateInput): Promise<VerticalCarousel> {
      const found = isUuid(id) ? await repo.selectOwnedCarousel(db, ownerId, id) : undefined;
      if (!found) throw new AppError('CarouselNotFound');
      const row = await repo.updateCarousel(db, id, {
        name: input.name ?? '',
        images: await carouselImages(ownerId, input.images),
        placement: placementOf(input),
      });
      if (!row) throw new AppError('CarouselNotFound');
      await repo.touchStage(db, row.stageId);
      await stagesChanged();
      return toCarousel(row);
    },

    async removeCarousel(ownerId: string, id: string): Promise<void> {
      const found = isUuid(id) ? await repo.selectOwnedCarousel(db, ownerId, id) : undefined;
      if (!found) throw new AppError('CarouselNotFound');
      await repo.deleteCarousel(db, id);
      await repo.touchStage(db, found.stageId);
      await stagesChanged();
    },

    /** Stores an image or video to place on stages. */
    async uploadMedia(ownerId: string, incoming: IncomingFile): Promise<Asset> {
      const stored = await files.storeUpload(incoming, ownerId, '', ['image', 'video']);
      const type = /\.(mp4|webm)$/i.test(stored.origin) ? 'Video' : 'Image';
      const row = await repo.insertMedia(db, {
        ownerId,
        type,
        name: stored.name,
        url: stored.origin,
        thumbnailUrl: stored.small ?? stored.medium ?? null,
      });
      return toAsset({ ...row, type: row.type });
    },

    async listAssets(ownerId: string, query: AssetQuery): Promise<AssetPage> {
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const { rows, total } = await repo.selectAssets(
        db,
        ownerId,
        query.Type ? { type: query.Type } : {},
        limit,
        offset,
      );
      return { data: rows.map(toAsset), totalCount: total };
    },

    /**
     * The AR app's answer, as JSON text: the candidates come from the nearby index, each with its revision, and
     * each stage's JSON is kept from the last answer that carried it at that revision, so only a stage new to this
     * process or changed since is read and serialized. The text is checked against the contract outside
     * production, as every answer is.
     */
    async nearby(query: NearbyQuery): Promise<Buffer> {
      const at = now();
      await nearbyIndex.ready();
      const candidates = nearbyIndex.near({ lat: query.lat, lng: query.lng }, query.radius, at, MAX_NEARBY_RESULTS);
      const missing = candidates.filter((candidate) => !candidate.tail);
      if (missing.length > 0) {
        const read = new Map<string, Buffer>();
        for (const row of await repo.selectNearbyStages(
          db,
          missing.map((candidate) => candidate.id),
        )) {
          const tail = Buffer.from(JSON.stringify(toNearbyStage(row)).slice(1));
          nearbyIndex.keepTail(row.id, row.revision, tail);
          read.set(row.id, tail);
        }
        for (const candidate of missing) candidate.tail = read.get(candidate.id);
      }
      // `{"data":[` + each stage as `{"distance":…,` and its tail, by commas + `]}`
      let size = NEARBY_OPENING.length + NEARBY_CLOSING.length;
      // each stage: a comma between, the head, the distance, a comma, the tail
      for (const { tail } of candidates) if (tail) size += NEARBY_HEAD.length + MAX_TENTHS_CHARACTERS + 2 + tail.length;
      const bytes = nearbyAnswers.lend(size);
      let offset = NEARBY_OPENING.copy(bytes, 0);
      for (const { tail, distance } of candidates) {
        // a stage deleted since the index last looked is left out
        if (!tail) continue;
        if (offset > NEARBY_OPENING.length) bytes[offset++] = COMMA;
        bytes.set(NEARBY_HEAD, offset);
        offset = writeTenths(bytes, offset + NEARBY_HEAD.length, Math.round(distance * 10));
        bytes[offset++] = COMMA;
        bytes.set(tail, offset);
        offset += tail.length;
      }
      offset += NEARBY_CLOSING.copy(bytes, offset);
      const body = bytes.subarray(0, offset);
      if (!config.isProduction) {
        try {
          nearbyResponseSchema.parse(JSON.parse(body.toString('utf8')));
        } catch (err) {
          nearbyAnswers.giveBack(body);
          throw err;
        }
      }
      return body;
    },

    /** A nearby answer has been written out: its buffer may carry the next one. */
    nearbySent(body: Buffer): void {
      nearbyAnswers.giveBack(body);
    },

    /**
     * The expiry job: reminds partners of stages ending within three days, and expires stages whose month has
     * ended, each mailed once. Every stage is claimed by one statement that also marks it, so two runs at once
     * (or two nodes) mail each stage once; a mail that fails is logged and not retried.
     */
    async runExpiry(): Promise<{ reminded: number; expired: number }> {
      const at = now();
      let reminded = 0;
      let expired = 0;
      for (;;) {
        const due = await repo.claimReminders(db, at, reminderHorizon(at), EXPIRY_BATCH);
        for (const stage of due)
          await mailStage('reminder', stage).catch((err: unknown) =>
            log.warn({ err, stageId: stage.id }, 'stage reminder mail failed'),
          );
        reminded += due.length;
        if (due.length < EXPIRY_BATCH) break;
      }
      for (;;) {
        const due = await repo.expireStages(db, at, EXPIRY_BATCH);
        for (const stage of due)
          await mailStage('expired', stage).catch((err: unknown) =>
            log.warn({ err, stageId: stage.id }, 'stage expiry mail failed'),
          );
        expired += due.length;
        if (due.length < EXPIRY_BATCH) break;
      }
      await repo.pruneStageRemovals(db);
      if (expired > 0) await stagesChanged();
      if (reminded + expired > 0) log.info({ reminded, expired }, 'stage expiry run');
      return { reminded, expired };
    },
  };
}

export type StagesService = ReturnType<typeof createStagesService>;
