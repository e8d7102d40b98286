import { z } from 'zod';

/**
 * Play analytics: what the game host and the AR app's reads record, and the rules of who counts. The figures'
 * schemas join this file as their routes land.
 */

/**
 * What is recorded, one row each: a game created, started and ended on the game host (its item and version, its
 * players, its length); a player joining and leaving a game; a player's session on the hub (connect to disconnect);
 * a published stage in one of the AR app's nearby answers (an impression); a live item's page read on the game host
 * (a view).
 */
export const playEventKinds = [
  'game-created',
  'game-started',
  'game-ended',
  'player-joined',
  'player-left',
  'hub-session',
  'impression',
  'view',
] as const;
export type PlayEventKind = (typeof playEventKinds)[number];

/**
 * Who an event counts for: `public` (players and viewers of the store), `testing` (the item's studio's members and
 * whitelisted testers, never in the public figures). Synthetic players are never recorded at all.
 */
export const playAudiences = ['public', 'testing'] as const;
export type PlayAudience = (typeof playAudiences)[number];

/** A day with fewer counted players than this shows "< N", not the figure (ANALYTICS_MIN_PLAYERS). */
export const DEFAULT_ANALYTICS_MIN_PLAYERS = 5;
/** How many days raw events are kept; rollups are kept for ever (ANALYTICS_RAW_DAYS). */
export const DEFAULT_ANALYTICS_RAW_DAYS = 90;
/** Events written at once, at most. */
export const ANALYTICS_BATCH_EVENTS = 1000;
/** How often the queue is written out, at most this long after an event came in. */
export const ANALYTICS_FLUSH_MS = 1000;

/**
 * The ranges a partner picks from, in Hong Kong days up to today: the web offers them, and the rollup job keeps each
 * studio's figures over them ready.
 */
export const ANALYTICS_RANGE_DAYS = [7, 28, 90, 365] as const;
/** Events waiting to be written, at most (ANALYTICS_QUEUE_EVENTS): past it, they are counted as dropped. */
export const DEFAULT_ANALYTICS_QUEUE_EVENTS = 100_000;

/** Days an analytics range may span, at most. */
export const MAX_ANALYTICS_DAYS = 366;

/** A day of the calendar, `YYYY-MM-DD` (not 2026-02-30). */
const analyticsDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

interface DayRange {
  From: string;
  To: string;
}
/** A range's checks: To not before From, at most MAX_ANALYTICS_DAYS days. */
const inOrder: [(range: DayRange) => boolean, { error: string; path: string[] }] = [
  (range) => range.From <= range.To,
  { error: 'To must not be before From', path: ['To'] },
];
const withinMaxDays: [(range: DayRange) => boolean, { error: string; path: string[] }] = [
  (range) => Date.parse(range.To) - Date.parse(range.From) < MAX_ANALYTICS_DAYS * 86_400_000,
  { error: `a range spans at most ${MAX_ANALYTICS_DAYS} days`, path: ['To'] },
];

/** `From` and `To`: Hong Kong days (`YYYY-MM-DD`), both included, To not before From, at most a year apart. */
export const analyticsRangeQuerySchema = z
  .object({ From: analyticsDay, To: analyticsDay })
  .refine(...inOrder)
  .refine(...withinMaxDays);
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

/**
 * A figure about players: the number, or `"< N"` when fewer than ANALYTICS_MIN_PLAYERS players make it (a figure
 * of so few people would tell who they are).
 */
export const playFigureSchema = z.union([z.number().int(), z.string().regex(/^< \d+$/)]);
export type PlayFigure = z.infer<typeof playFigureSchema>;

/** The public figures of players, one item's or a studio's, over a range. */
export const playFiguresSchema = z.object({
  /** Games started with a counted player. */
  plays: playFigureSchema,
  /** Unique players over the range. */
  players: playFigureSchema,
  /** Minutes in games, rounded down. */
  playerMinutes: playFigureSchema,
  /** Reads of the live item on the game host. */
  views: z.number().int(),
});
export type PlayFigures = z.infer<typeof playFiguresSchema>;

/** `GET /api/Analytics/Summary`: the studio's played items and its stages' impressions over a range. */
export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** ANALYTICS_MIN_PLAYERS: below it a player figure reads `"< N"`. */
  minPlayers: z.number().int(),
  totals: playFiguresSchema.extend({ impressions: z.number().int() }),
  /** Each game or 3D model played, read or sold in the range, the most played first. */
  items: z.array(
    playFiguresSchema.extend({
      itemId: z.string(),
      itemType: z.enum(['Product', 'Model']),
      name: z.string(),
      /** Standing sales bought in the range (Hong Kong days, as income counts them), and their income in USD. */
      sales: z.number().int(),
      income: z.number(),
    }),
  ),
  stages: z.array(z.object({ stageId: z.string(), name: z.string(), impressions: z.number().int() })),
  /** Every day of the range, every item together: the day's figures and its stages' impressions. */
  days: z.array(playFiguresSchema.extend({ day: z.string(), impressions: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** A figure as a partner may see it: `"< N"` below the minimum of players. */
export const playFigure = (value: number, players: number, minPlayers: number): PlayFigure =>
  players < minPlayers ? `< ${minPlayers}` : value;

export const analyticsGranularities = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof analyticsGranularities)[number];

/** `GET /api/Analytics/Items/{id}`: a range, and how its points are grouped (weeks start on Monday). */
export const analyticsItemQuerySchema = z
  .object({ From: analyticsDay, To: analyticsDay, Granularity: z.enum(analyticsGranularities).default('day') })
  .refine(...inOrder)
  .refine(...withinMaxDays);
export type AnalyticsItemQuery = z.infer<typeof analyticsItemQuerySchema>;

/** One point of an item's series: a day, or the week or month that starts on `start` (within the range). */
export const playPointSchema = playFiguresSchema.extend({
  start: z.string(),
  newPlayers: playFigureSchema,
  returningPlayers: playFigureSchema,
  /** The median time a player spent in a game, in seconds (a week's or month's: the median of its days'); null: none. */
  medianSessionSeconds: z.union([playFigureSchema, z.null()]),
  peakConcurrent: playFigureSchema,
});
export type PlayPoint = z.infer<typeof playPointSchema>;

/** The players whose first game of the item was on `cohort`, and the share of them who played again 1 and 7 days on. */
export const retentionCohortSchema = z.object({
  cohort: z.string(),
  players: playFigureSchema,
  /** Percent, rounded; null while that day has not come. */
  day1: z.union([playFigureSchema, z.null()]),
  day7: z.union([playFigureSchema, z.null()]),
});
export type RetentionCohort = z.infer<typeof retentionCohortSchema>;

/**
 * An item's path from AR to a sale over a range: impressions of the stages that place it in the AR app's nearby
 * answers, reads of it on the game host (views), standing sales, and games played (a figure about players).
 */
export const playFunnelSchema = z.object({
  impressions: z.number().int(),
  views: z.number().int(),
  sales: z.number().int(),
  plays: playFigureSchema,
});
export type PlayFunnel = z.infer<typeof playFunnelSchema>;

export const analyticsItemSchema = z.object({
  itemId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(analyticsGranularities),
  minPlayers: z.number().int(),
  totals: playFiguresSchema,
  points: z.array(playPointSchema),
  retention: z.array(retentionCohortSchema),
  /** Each version played in the range: its plays and minutes in games (the item's players decide the "< N"). */
  versions: z.array(z.object({ version: z.number().int(), plays: playFigureSchema, playerMinutes: playFigureSchema })),
  funnel: playFunnelSchema,
  /** The income of the range's sales, in USD. */
  income: z.number(),
  /** The studio's stages that place the item (a 3D model), the most seen in the range first. */
  stages: z.array(z.object({ stageId: z.string(), name: z.string(), impressions: z.number().int() })),
});
export type AnalyticsItem = z.infer<typeof analyticsItemSchema>;

/** `GET /api/Analytics/Stages/{id}`: a published stage's impressions in the AR app's nearby answers, a point a day. */
export const analyticsStageSchema = z.object({
  stageId: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  minPlayers: z.number().int(),
  totals: z.object({ impressions: z.number().int() }),
  /** Every day of the range; `viewers`: the day's unique viewers (a figure about people: `"< N"` below the minimum). */
  points: z.array(z.object({ day: z.string(), impressions: z.number().int(), viewers: playFigureSchema })),
});
export type AnalyticsStage = z.infer<typeof analyticsStageSchema>;

/** `GET /api/Analytics/Export.csv`: a range, and one game of the studio or (without `ItemId`) every one. */
export const analyticsExportQuerySchema = z
  .object({ From: analyticsDay, To: analyticsDay, ItemId: z.string().max(64).optional() })
  .refine(...inOrder)
  .refine(...withinMaxDays);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

/** The CSV's columns: a row per game and Hong Kong day played, the public figures, `"< N"` as the API has it. */
export const ANALYTICS_CSV_HEADER = [
  'Day',
  'Item',
  'Item ID',
  'Plays',
  'Players',
  'New players',
  'Returning players',
  'Player minutes',
  'Median session (s)',
  'Peak concurrent',
  'Views',
] as const;

/** How often `GET /api/Analytics/Live` tells the players online now, and each node counts its own. */
export const ANALYTICS_LIVE_EVERY_MS = 5_000;

/**
 * One message of `GET /api/Analytics/Live` (Server-Sent Events, `event: live`): the studio's players in games on the
 * game host now, every node's together, members and testers left out; per game, the most played first.
 */
export const analyticsLiveSchema = z.object({
  at: z.string(),
  players: z.number().int(),
  items: z.array(z.object({ itemId: z.string(), name: z.string().optional(), players: z.number().int() })),
});
export type AnalyticsLive = z.infer<typeof analyticsLiveSchema>;
