import { boundingRanges, circleAround, latitudeCosine } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

/** A grid cell's side in degrees (about 1.1 km of latitude): a circle of 1 km looks at about 9 cells. */
const CELL_DEGREES = 0.01;
const ROW_CELLS = Math.ceil(360 / CELL_DEGREES) + 1;
/** Cells are grouped 10 by 10 into blocks, whose counts let a search pass over empty country quickly. */
const BLOCK_CELLS = 10;
const ROW_BLOCKS = Math.ceil(ROW_CELLS / BLOCK_CELLS) + 1;
/** Past this many cells (a circle around a pole), every kept stage is looked at instead. */
const MAX_CELLS_LOOKED_AT = 20_000;
/** From this radius on, half of it is searched first. */
const NARROW_FIRST_FROM_M = 2000;
/** How far back each look for changes reaches before the last one: a write's transaction may commit that late. */
const CHANGE_OVERLAP_MS = 30_000;
/** How often everything is read again, whatever the looks for changes found. */
const FULL_RELOAD_MS = 10 * 60_000;

/** Numbers kept per stage in a cell: latitude, longitude, cosine of latitude, end (epoch ms), answered lately. */
const STRIDE = 5;

/** The stages in one grid cell, their numbers side by side (a search reads them in a row). */
interface Cell {
  key: number;
  numbers: Float64Array;
  ids: string[];
  revisions: string[];
  /** Each stage's JSON after its opening brace, at its revision, once an answer has carried it. */
  tails: Array<Buffer | undefined>;
  size: number;
}

/** Where a stage is kept. */
interface Slot {
  cell: Cell;
  index: number;
}

/** A live stage near a place: its id, its revision, its distance in metres and its JSON if kept. */
export interface NearbyCandidate {
  id: string;
  revision: string;
  distance: number;
  tail: Buffer | undefined;
}

/** A candidate while searching: its haversine orders it as its distance would. */
interface Found extends NearbyCandidate {
  haversine: number;
  cell: Cell;
  index: number;
}

const rowOf = (lat: number) => Math.floor((lat + 90) / CELL_DEGREES);
const columnOf = (lng: number) => Math.floor((lng + 180) / CELL_DEGREES);
const cellOf = (lat: number, lng: number) => rowOf(lat) * ROW_CELLS + columnOf(lng);
const blockOf = (cellKey: number) =>
  Math.floor(Math.floor(cellKey / ROW_CELLS) / BLOCK_CELLS) * ROW_BLOCKS +
  Math.floor((cellKey % ROW_CELLS) / BLOCK_CELLS);

const byDistance = (a: NearbyCandidate, b: NearbyCandidate) =>
  a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface NearbyIndexDeps {
  db: Executor;
  log: FastifyBaseLogger;
  /** How often the index reads what other nodes changed; this node's own writes are read at once (`sync`). */
  syncMs: number;
  /** How many bytes of stage JSON it keeps for answers (0: none). */
  keepBytes: number;
}

/**
 * Every published stage's place, in memory, on a grid of latitude and longitude, with the JSON the AR app's answers
 * carry it as: the nearby read asks it instead of the database. Loaded on the first read; then it follows the stages
 * table by its change time (and the deletions the trigger notes), every `syncMs` for other nodes' writes and at once
 * after this node's. A stage's JSON is kept from the first answer that carries it until the stage changes; past
 * `keepBytes`, what no answer carried since the last sweep goes. Ended stages are kept until the expiry job moves
 * them; the reader's clock leaves them out.
 */
export function createNearbyIndex({ db, log, syncMs, keepBytes }: NearbyIndexDeps) {
  const slots = new Map<string, Slot>();
  const cells = new Map<number, Cell>();
  /** How many cells of each block hold stages. */
  const blocks = new Map<number, number>();
  let keptBytes = 0;
  let loading: Promise<void> | undefined;
  let since: Date | undefined;
  let loadedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;

  function drop(id: string): void {
    const slot = slots.get(id);
    if (!slot) return;
    slots.delete(id);
    const { cell, index } = slot;
    keptBytes -= cell.tails[index]?.length ?? 0;
    const last = cell.size - 1;
    if (index !== last) {
      cell.numbers.copyWithin(index * STRIDE, last * STRIDE, (last + 1) * STRIDE);
      const moved = cell.ids[last] as string;
      cell.ids[index] = moved;
      cell.revisions[index] = cell.revisions[last] as string;
      cell.tails[index] = cell.tails[last];
      (slots.get(moved) as Slot).index = index;
    }
    cell.ids.pop();
    cell.revisions.pop();
    cell.tails.pop();
    cell.size = last;
    if (last === 0) {
      cells.delete(cell.key);
      const block = blockOf(cell.key);
      const held = (blocks.get(block) ?? 1) - 1;
      if (held === 0) blocks.delete(block);
      else blocks.set(block, held);
    }
  }

  function keep(place: repo.StagePlace): void {
    drop(place.id);
    if (place.state !== 'Published' || place.expiresAt === null) return;
    const key = cellOf(place.latitude, place.longitude);
    let cell = cells.get(key);
    if (!cell) {
      cell = { key, numbers: new Float64Array(STRIDE * 4), ids: [], revisions: [], tails: [], size: 0 };
      cells.set(key, cell);
      const block = blockOf(key);
      blocks.set(block, (blocks.get(block) ?? 0) + 1);
    }
    if ((cell.size + 1) * STRIDE > cell.numbers.length) {
      const grown = new Float64Array(cell.numbers.length * 2);
      grown.set(cell.numbers);
      cell.numbers = grown;
    }
    const at = cell.size * STRIDE;
    cell.numbers[at] = place.latitude;
    cell.numbers[at + 1] = place.longitude;
    cell.numbers[at + 2] = latitudeCosine(place.latitude);
    cell.numbers[at + 3] = place.expiresAt.getTime();
    cell.numbers[at + 4] = 0;
    cell.ids.push(place.id);
    cell.revisions.push(place.revision);
    cell.tails.push(undefined);
    slots.set(place.id, { cell, index: cell.size });
    cell.size += 1;
  }

  /** A place read from the database: kept anew unless it is kept at that revision already (with its JSON). */
  function follow(place: repo.StagePlace): void {
    const slot = slots.get(place.id);
    if (!slot || slot.cell.revisions[slot.index] !== place.revision) keep(place);
  }

  /**
   * Drops the JSON no answer carried since the last sweep, and marks the rest as not carried; if that leaves over
   * three quarters of the room taken, drops all of it.
   */
  function sweep(): void {
    for (const cell of cells.values()) {
      for (let index = 0, used = 4; index < cell.size; index++, used += STRIDE) {
        if (cell.numbers[used] === 1) {
          cell.numbers[used] = 0;
          continue;
        }
        keptBytes -= cell.tails[index]?.length ?? 0;
        cell.tails[index] = undefined;
      }
    }
    if (keptBytes <= (keepBytes * 3) / 4) return;
    for (const cell of cells.values()) cell.tails.fill(undefined);
    keptBytes = 0;
  }

  async function loadAll(): Promise<void> {
    const { at, places } = await repo.selectPublishedPlaces(db);
    const published = new Set<string>();
    for (const place of places) {
      published.add(place.id);
      follow(place);
    }
    for (const id of [...slots.keys()]) if (!published.has(id)) drop(id);
    since = at;
    loadedAt = Date.now();
  }

  async function pull(): Promise<void> {
    if (!since) return;
    if (Date.now() - loadedAt >= FULL_RELOAD_MS) {
      await loadAll();
      return;
    }
    const { at, places, removed } = await repo.selectPlacesChangedSince(
      db,
      new Date(since.getTime() - CHANGE_OVERLAP_MS),
    );
    for (const place of places) follow(place);
    for (const id of removed) drop(id);
    since = at;
  }

  /**
   * One look for changes, after the one running if any: what a caller wrote before asking is in what it reads.
   * Callers arriving while a look waits to start share it.
   */
  function sync(): Promise<void> {
    if (!loading) return Promise.resolve();
    if (queued) return queued;
    const next = chain
      .catch(() => {})
      .then(() => loading)
      .then(() => {
        queued = undefined;
        return pull();
      });
    queued = next;
    chain = next;
    return next;
  }

  function ready(): Promise<void> {
    if (!loading) {
      loading = loadAll();
      loading.catch(() => {
        loading = undefined;
      });
      loading
        .then(() => {
          timer = setInterval(() => {
            sync().catch((err: unknown) => log.warn({ err }, 'nearby index could not read stage changes'));
          }, syncMs).unref();
        })
        .catch(() => {});
    }
    return loading;
  }

  /** The cells of these row and column ranges that hold stages, block by block (a block without any is skipped). */
  function cellsWithin(rows: readonly [number, number], columns: ReadonlyArray<readonly [number, number]>): Cell[] {
    const within: Cell[] = [];
    for (let blockRow = Math.floor(rows[0] / BLOCK_CELLS); blockRow <= rows[1] / BLOCK_CELLS; blockRow++) {
      for (const [first, last] of columns) {
        for (let blockColumn = Math.floor(first / BLOCK_CELLS); blockColumn <= last / BLOCK_CELLS; blockColumn++) {
          if (!blocks.has(blockRow * ROW_BLOCKS + blockColumn)) continue;
          const lastRow = Math.min(rows[1], blockRow * BLOCK_CELLS + BLOCK_CELLS - 1);
          const lastColumn = Math.min(last, blockColumn * BLOCK_CELLS + BLOCK_CELLS - 1);
          for (let row = Math.max(rows[0], blockRow * BLOCK_CELLS); row <= lastRow; row++) {
            for (let column = Math.max(first, blockColumn * BLOCK_CELLS); column <= lastColumn; column++) {
              const cell = cells.get(row * ROW_CELLS + column);
              if (cell) within.push(cell);
            }
          }
        }
      }
    }
    return within;
  }

  /** Live stages at `now` within `radius` metres of `centre`, nearest first (then by id), at most `limit`. */
  function search(centre: { lat: number; lng: number }, radius: number, now: number, limit: number): Found[] {
    const ranges = boundingRanges(centre, radius);
    const [south, north] = ranges.lat;
    const [west, east] = ranges.lng[0] as [number, number];
    const [west2, east2] = (ranges.lng[1] ?? ranges.lng[0]) as [number, number];
    const circle = circleAround(centre, radius);
    // the nearest `limit` so far, nearest first; once there are `limit`, a stage farther than the last is passed
    // over by its haversine alone (with a margin far above rounding, so that ties are decided by distance and id)
    const found: Found[] = [];
    let farthest = circle.limit;
    const rows = [rowOf(south), rowOf(north)] as const;
    const columns = ranges.lng.map(([west, east]) => [columnOf(west), columnOf(east)] as const);
    const cellCount = (rows[1] - rows[0] + 1) * columns.reduce((sum, [w, e]) => sum + e - w + 1, 0);
    const looked = cellCount > MAX_CELLS_LOOKED_AT ? cells.values() : cellsWithin(rows, columns);
    for (const cell of looked) {
      const { numbers, size } = cell;
      for (let index = 0, at = 0; index < size; index++, at += STRIDE) {
        const lat = numbers[at] as number;
        const lng = numbers[at + 1] as number;
        if ((numbers[at + 3] as number) <= now || lat < south || lat > north) continue;
        if ((lng < west || lng > east) && (lng < west2 || lng > east2)) continue;
        const haversine = circle.haversineOf(lat, lng, numbers[at + 2] as number);
        if (haversine > farthest) continue;
        const distance = circle.metresOf(haversine);
        if (distance > radius) continue;
        const candidate: Found = {
          id: cell.ids[index] as string,
          revision: cell.revisions[index] as string,
          distance,
          tail: undefined,
          haversine,
          cell,
          index,
        };
        if (found.length === limit) {
          if (byDistance(candidate, found[limit - 1] as Found) >= 0) continue;
          found.pop();
        }
        let low = 0;
        let high = found.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (byDistance(found[middle] as Found, candidate) < 0) low = middle + 1;
          else high = middle;
        }
        found.push(candidate);
        for (let move = found.length - 1; move > low; move--) found[move] = found[move - 1] as Found;
        found[low] = candidate;
        if (found.length === limit) {
          farthest = Math.min(circle.limit, (found[limit - 1] as Found).haversine * (1 + 1e-9));
        }
      }
    }
    return found;
  }

  return {
    ready,
    sync,

    /**
     * Live stages at `at` within `radius` metres of `centre`, nearest first (then by id), at most `limit`, each with
     * its JSON when kept. A wide circle is searched half as wide first: when that holds `limit` stages, they are the
     * nearest.
     */
    near(centre: { lat: number; lng: number }, radius: number, at: Date, limit: number): NearbyCandidate[] {
      if (limit < 1) return [];
      let found: Found[] | undefined;
      if (radius >= NARROW_FIRST_FROM_M) {
        found = search(centre, radius / 2, at.getTime(), limit);
        if (found.length < limit) found = undefined;
      }
      found ??= search(centre, radius, at.getTime(), limit);
      for (const candidate of found) {
        candidate.tail = candidate.cell.tails[candidate.index];
        candidate.cell.numbers[candidate.index * STRIDE + 4] = 1;
      }
      return found;
    },

    /** Drops every stage's JSON: what it says has changed for all of them (the signed URLs' window). */
    forgetTails(): void {
      for (const cell of cells.values()) cell.tails.fill(undefined);
      keptBytes = 0;
    },

    /** Keeps a stage's JSON (after its opening brace) read at `revision`, if that is the revision kept. */
    keepTail(id: string, revision: string, tail: Buffer): void {
      const slot = slots.get(id);
      if (!slot || slot.cell.revisions[slot.index] !== revision || tail.length > keepBytes) return;
      keptBytes += tail.length - (slot.cell.tails[slot.index]?.length ?? 0);
      slot.cell.tails[slot.index] = tail;
      if (keptBytes > keepBytes) sweep();
    },

    stop(): void {
      clearInterval(timer);
    },
  };
}

export type NearbyIndex = ReturnType<typeof createNearbyIndex>;
