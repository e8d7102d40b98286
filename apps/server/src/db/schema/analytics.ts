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
