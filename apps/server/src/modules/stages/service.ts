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
  reminderHorizon,
  type Stage,
  type StageInput,
  type StagePage,
  type StageQuery,
  stageExpiry,
  type VerticalCarousel,
  VPS_PATH,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { pageBounds } from '../../db/paging.ts';
import type { StoredContent, StoredPlacement } from '../../db/schema/stages.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccessService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FilesService, IncomingFile } from '../files/service.ts';
import type { SubscriptionsService } from '../payments/service.ts';
import type { VersionsService } from '../versions/service.ts';
import { createNearby, placedStage, toCarousel } from './nearby.ts';
import * as repo from './repository.ts';

/** Stages expired or reminded in one statement: a run takes them in batches until none is left. */
const EXPIRY_BATCH = 500;

export interface StagesDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'isProduction' | 'nearbySyncMs' | 'nearbyCacheMb'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  access: Pick<AccessService, 'summarizeUsers'>;
  files: Pick<FilesService, 'storeUpload' | 'signedUrl'>;
  /** A partner's 3D models on sale: what they can place. */
  catalog: Pick<CatalogService, 'modelsOnSale'>;
  versions: Pick<VersionsService, 'liveBuilds'>;
  subscriptions: Pick<SubscriptionsService, 'stateOf'>;
  /** The placement clock: the months bought, and the stages they let publish and expire. */
  now: () => Date;
}

/** The build a placed 3D model shows: its first .glb, else its first build. */
const modelUrlOf = (builds: string[]) => builds.find((url) => url.endsWith('.glb')) ?? builds[0] ?? '';

/** Newest first, as the asset list shows them (ties by id, as PostgreSQL orders uuids). */
const newestFirst = (a: repo.AssetRow, b: repo.AssetRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const placementOf = (input: { position: number[]; rotation: number[]; scale: number[] }): StoredPlacement => ({
  position: input.position as StoredPlacement['position'],
  rotation: input.rotation as StoredPlacement['rotation'],
  scale: input.scale as StoredPlacement['scale'],
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A stage as the partner sees it at `at`: a published stage whose month has ended is expired, job or no job. */
function toStage(row: repo.StageRow, carousels: repo.CarouselRow[], at: Date): Stage {
  const ended = row.state === 'Published' && row.expiresAt !== null && row.expiresAt <= at;
  return {
    ...placedStage(row),
    verticalCarousels: carousels.filter((carousel) => carousel.stageId === row.id).map(toCarousel),
    state: ended ? 'Expired' : row.state,
    publishedAt: iso(row.publishedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
  access,
  files,
  catalog,
  versions,
  subscriptions,
  now,
}: StagesDeps) {
  const nearby = createNearby({ db, config, log, now, signedUrl: files.signedUrl });
  /** After a write here: the index reads it before the write answers, so the next nearby read shows it. */
  const stagesChanged = () =>
    nearby.sync().catch((err: unknown) => log.warn({ err }, 'nearby index could not read stage changes'));
  /**
   * What a partner can place: their 3D models on sale (each with its live build) and the images and videos they
   * uploaded for stages, newest first; a page from `offset` (`limit` null: all), and how many there are. `ids`
   * narrows to those assets (to check a stage's references).
   */
  async function selectAssets(
    ownerId: string,
    filter: { type?: repo.AssetRow['type']; ids?: string[] },
    limit: number | null,
    offset: number,
  ): Promise<{ rows: repo.AssetRow[]; total: number }> {
    const ids = filter.ids?.filter(isUuid);
    const wantModels = !filter.type || filter.type === 'Asset3D';
    const mediaType = filter.type === 'Asset3D' ? undefined : filter.type;
    const [models3d, media] = await Promise.all([
      wantModels ? modelAssets(ownerId, ids) : [],
      filter.type === 'Asset3D'
        ? { rows: [], total: 0 }
        : repo.selectMedia(
            db,
            ownerId,
            { ...(mediaType ? { type: mediaType } : {}), ...(ids ? { ids } : {}) },
            limit === null ? null : offset + limit,
          ),
    ]);
    const all = [...models3d, ...media.rows.map((row) => ({ ...row, type: row.type as repo.AssetRow['type'] }))].sort(
      newestFirst,
    );
    return {
      rows: all.slice(offset, limit === null ? undefined : offset + limit),
      total: models3d.length + media.total,
    };
  }

  async function modelAssets(ownerId: string, ids: string[] | undefined): Promise<repo.AssetRow[]> {
    const [onSale, builds] = await Promise.all([
      catalog.modelsOnSale(ownerId, ids),
      versions.liveBuilds('Model', ownerId, ids),
    ]);
    return onSale.map((model) => ({
      id: model.id,
      type: 'Asset3D',
      name: model.name,
      url: modelUrlOf(builds.get(model.id) ?? []),
      thumbnailUrl: model.thumbnailUrl,
      createdAt: model.listedAt,
    }));
  }

  /** The partner's assets a stage names, checked for owner and type: a foreign or unknown id is refused. */
  async function resolveAssets(ownerId: string, wanted: Array<{ assetId: string; type: Asset['type'] }>) {
    const ids = [...new Set(wanted.map((item) => item.assetId))];
    const found = new Map<string, repo.AssetRow>();
    if (ids.length > 0) {
      const { rows } = await selectAssets(ownerId, { ids }, null, 0);
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

  async function mailStage(kind: 'reminder' | 'expired', stage: repo.DueStage, email: string | undefined) {
    if (!email) return;
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
      to: email,
      ...renderMail({ ...mail, action: { label: 'Open your stages', url: `${config.publicUrl}${VPS_PATH}` } }),
    });
  }

  return {
    /** The nearby index's look for changes now (other nodes' writes), and its timer's end. */
    nearbyIndex: { sync: nearby.sync, stop: nearby.stop },

    /** The AR app's read: live stages around a place, nearest first, each as its JSON (nearby.ts). */
    nearby: nearby.near,

    /** The studio's stages that place one of its 3D models, in any state (play analytics' path to a sale). */
    stagesPlacing: (ownerId: string, modelId: string) =>
      isUuid(modelId) ? repo.selectStagesPlacing(db, ownerId, modelId) : Promise.resolve([]),

    /** The studio and name of each of these stages (play analytics), by stage id; a deleted one is absent. */
    async summarizeStages(ids: string[]): Promise<Map<string, { ownerId: string; name: string }>> {
      const rows = await repo.selectStageSummaries(db, [...new Set(ids.filter(isUuid))]);
      return new Map(rows.map(({ id, ...summary }) => [id, summary]));
    },

    /**
     * A 3D model taken off the marketplace (an admin's take-down) leaves every stage that places it at once: the
     * AR app is no longer shown it (this node's index reads the change before this answers, the others within
     * NEARBY_SYNC_MS), and each stage's partner is mailed which stage lost which content. Answers the stages changed.
     */
    async withdrawModel(modelId: string): Promise<repo.StageWithdrawal[]> {
      if (!isUuid(modelId)) return [];
      const changed = await repo.removeModelContents(db, modelId);
      if (changed.length === 0) return changed;
      await stagesChanged();
      log.info({ modelId, stages: changed.length }, 'a withdrawn 3D model was taken off stages');
      const owners = await access.summarizeUsers(changed.map((stage) => stage.ownerId));
      for (const ownerId of new Set(changed.map((stage) => stage.ownerId))) {
        const email = owners.get(ownerId)?.email;
        if (!email) continue;
        const lines = changed
          .filter((stage) => stage.ownerId === ownerId)
          .flatMap((stage) => stage.removed.map((content) => `“${content.name}” from your stage “${stage.name}”`));
        await mailer
          .send({
            purpose: 'stage-content-withdrawn',
            to: email,
            ...renderMail({
              subject: 'A 3D model was taken off your stages',
              heading: 'A 3D model left your stages',
              paragraphs: [
                'A 3D model you placed was taken off the marketplace, so the AR app no longer shows it. We removed:',
                ...lines,
                'The rest of each stage shows as before. Place another 3D model, or release a new version of this one and place it again.',
              ],
              action: { label: 'Open your stages', url: `${config.publicUrl}${VPS_PATH}` },
            }),
          })
          .catch((err: unknown) => log.warn({ err, ownerId }, 'the stage withdrawal mail could not be sent'));
      }
      return changed;
    },

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
      if (!(await subscriptions.stateOf(ownerId)).isSubscribed) throw new AppError('SubscriptionRequired');
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
      const { rows, total } = await selectAssets(ownerId, query.Type ? { type: query.Type } : {}, limit, offset);
      return { data: rows.map(toAsset), totalCount: total };
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
        const owners = await access.summarizeUsers(due.map((stage) => stage.owner_id));
        for (const stage of due)
          await mailStage('reminder', stage, owners.get(stage.owner_id)?.email).catch((err: unknown) =>
            log.warn({ err, stageId: stage.id }, 'stage reminder mail failed'),
          );
        reminded += due.length;
        if (due.length < EXPIRY_BATCH) break;
      }
      for (;;) {
        const due = await repo.expireStages(db, at, EXPIRY_BATCH);
        const owners = await access.summarizeUsers(due.map((stage) => stage.owner_id));
        for (const stage of due)
          await mailStage('expired', stage, owners.get(stage.owner_id)?.email).catch((err: unknown) =>
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
