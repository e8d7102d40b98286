import { playAudiences, playEventKinds } from '@portal/contracts';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the game host and the AR app's reads recorded, one row an event (contracts' `playEventKinds`), appended in
 * batches and never changed; kept ANALYTICS_RAW_DAYS. No key and no foreign key: rows are written at tens of
 * thousands a second and found by time (a BRIN index: they arrive in time order).
 * A player or viewer is a keyed hash, never a user id or an email.
 */
export const playEvents = pgTable(
  'play_events',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: playEventKinds }).notNull(),
    audience: text('audience', { enum: playAudiences }).notNull(),
    /** The studio whose item or stage it is; null for a hub session, which is no one studio's. */
    ownerId: uuid('owner_id'),
    itemId: uuid('item_id'),
    version: integer('version'),
    gameId: uuid('game_id'),
    stageId: uuid('stage_id'),
    /** The player's or viewer's keyed hash (HMAC-SHA-256 under SECRET_KEY, its first 16 bytes in hex). */
    player: text('player'),
    /** The game's counted players (game events). */
    players: integer('players'),
    /** A game's, a player's time in a game's, or a hub session's length. */
    durationMs: integer('duration_ms'),
  },
  (t) => [index('play_events_at_brin').using('brin', t.at)],
);

/**
 * A day's figures of an item (Hong Kong days, like income), for each audience: one row for every version together
 * (`version` 0) and one for each version played. Written by the rollup job (`rollUpDay`), which replaces a day's
 * rows whole; kept for ever.
 */
export const playDays = pgTable(
  'play_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    itemId: uuid('item_id').notNull(),
    /** 0: every version of the item together. */
    version: integer('version').notNull(),
    audience: text('audience', { enum: playAudiences }).notNull(),
    /** Games started with a player of this audience in them. */
    plays: integer('plays').notNull(),
    /** Players who joined a game that day, each once. */
    players: integer('players').notNull(),
    /** Players whose first game of the item was that day, and those who had played it before. */
    newPlayers: integer('new_players').notNull(),
    returningPlayers: integer('returning_players').notNull(),
    /** Time in games, summed over the players who left them that day. */
    playerMs: bigint('player_ms', { mode: 'number' }).notNull(),
    /** The median of those players' times in a game; null without any. */
    medianSessionMs: integer('median_session_ms'),
    /** The most players in the item's games at once, from that day's joins and departures. */
    peakConcurrent: integer('peak_concurrent').notNull(),
    /** Reads of the live item on the game host, and by how many viewers. */
    views: integer('views').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.itemId, t.version, t.audience, t.day] })],
);

/** Who played an item on a day (a keyed hash): a range's unique players, new players, and retention by cohort. */
export const playPlayerDays = pgTable(
  'play_player_days',
  {
    ownerId: uuid('owner_id').notNull(),
    itemId: uuid('item_id').notNull(),
    player: text('player').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    audience: text('audience', { enum: playAudiences }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.itemId, t.player, t.day] }),
    index('play_player_days_day_idx').on(t.ownerId, t.day),
    index('play_player_days_item_day_idx').on(t.ownerId, t.itemId, t.day),
  ],
);

/** A day's impressions of a published stage in the AR app's nearby answers, and by how many viewers. */
export const playStageDays = pgTable(
  'play_stage_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    impressions: integer('impressions').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.stageId, t.day] })],
);

/** The `item_id` of a studio's row of every item together, in the tables that keep items' rows beside it. */
export const EVERY_ITEM = '00000000-0000-0000-0000-000000000000';

/**
 * Each public player of an item, and of the studio (`EVERY_ITEM`), with the first and last day they played it: new
 * players' cohorts, and a range's unique players where the range ends at the last day rolled up. Kept by the rollup
 * job from `play_player_days`; its days only ever widen.
 */
export const playItemPlayers = pgTable(
  'play_item_players',
  {
    ownerId: uuid('owner_id').notNull(),
    itemId: uuid('item_id').notNull(),
    player: text('player').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.itemId, t.player] }),
    index('play_item_players_first_day_idx').on(t.firstDay),
  ],
);

/** A studio's public figures of a day, every item together (the summary's chart): sums, unique players, impressions. */
export const playStudioDays = pgTable(
  'play_studio_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    plays: integer('plays').notNull(),
    playerMs: bigint('player_ms', { mode: 'number' }).notNull(),
    views: integer('views').notNull(),
    players: integer('players').notNull(),
    impressions: integer('impressions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/** An item's public players by the day of their first game: how many, and how many played again a day and a week on. */
export const playCohorts = pgTable(
  'play_cohorts',
  {
    ownerId: uuid('owner_id').notNull(),
    itemId: uuid('item_id').notNull(),
    cohort: date('cohort', { mode: 'string' }).notNull(),
    players: integer('players').notNull(),
    day1: integer('day1').notNull(),
    day7: integer('day7').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.itemId, t.cohort] }), index('play_cohorts_cohort_idx').on(t.cohort)],
);

/** An item's unique public players in a whole week (from Monday) or month, by its first day. */
export const playBuckets = pgTable(
  'play_buckets',
  {
    ownerId: uuid('owner_id').notNull(),
    itemId: uuid('item_id').notNull(),
    granularity: text('granularity', { enum: ['week', 'month'] }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.itemId, t.granularity, t.start] })],
);

/**
 * A studio's public figures over each of the ranges the web offers (`ANALYTICS_RANGE_DAYS`), ending at the last day
 * rolled up (`end_day`): each item's, and every item's together (`EVERY_ITEM`). Rewritten for a studio whenever its
 * figures change, and for every studio when a day begins.
 */
export const playRanges = pgTable(
  'play_ranges',
  {
    ownerId: uuid('owner_id').notNull(),
    days: integer('days').notNull(),
    itemId: uuid('item_id').notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull(),
    playerMs: bigint('player_ms', { mode: 'number' }).notNull(),
    views: integer('views').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.days, t.itemId] }), index('play_ranges_end_day_idx').on(t.endDay)],
);

/** Each stage's impressions over each of the ranges the web offers, ending at `end_day`, as `play_ranges` are kept. */
export const playStageRanges = pgTable(
  'play_stage_ranges',
  {
    ownerId: uuid('owner_id').notNull(),
    days: integer('days').notNull(),
    stageId: uuid('stage_id').notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.days, t.stageId] })],
);
