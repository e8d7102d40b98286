import { carouselBodySchema, MAX_PLACEMENT_OFFSET_M } from '@portal/contracts';

export type Vector3 = [number, number, number];

/**
 * The contract's placement rules with their messages. Stage contents and vertical carousels share one shape: a
 * position within the offset limit of the anchor, a rotation of at most a turn each way and a scale factor.
 */
const placementRules = {
  position: carouselBodySchema.shape.position,
  rotation: carouselBodySchema.shape.rotation,
  scale: carouselBodySchema.shape.scale,
};
export type PlacementPart = keyof typeof placementRules;

/** The contract's message refusing `vector` as a `part` of a placement, if it refuses it. */
export function placementError(part: PlacementPart, vector: Vector3): string | undefined {
  const result = placementRules[part].safeParse(vector);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Arrow keys and drags move by a tenth of a metre: finer than a VPS anchor holds a place. */
export const GRID_STEP_M = 0.1;
/** Shift with an arrow key moves a whole metre. */
export const GRID_LARGE_STEP_M = 1;

/** A ground coordinate kept within the offset limit and on the 10 cm step. */
export function snapOffset(value: number): number {
  const clamped = Math.min(MAX_PLACEMENT_OFFSET_M, Math.max(-MAX_PLACEMENT_OFFSET_M, value));
  // divided rather than multiplied by the step, so that three steps make 0.3 and not 0.30000000000000004
  return Math.round(clamped / GRID_STEP_M) / (1 / GRID_STEP_M) + 0;
}

/** Rounded to what the fields show (two decimals), so a drag does not leave 0.30000000000000004. */
export const roundMetres = (value: number) => Math.round(value * 100) / 100 + 0;

/**
 * Where a new piece of content goes: the anchor if it is free, else the nearest free spot a metre apart, going
 * round the anchor, so that new pieces do not hide each other.
 */
export function freeSpot(taken: ReadonlyArray<{ position: Vector3 }>): Vector3 {
  const isTaken = (x: number, z: number) =>
    taken.some(({ position }) => Math.abs(position[0] - x) < 0.5 && Math.abs(position[2] - z) < 0.5);
  for (let ring = 0; ring <= MAX_PLACEMENT_OFFSET_M; ring++) {
    for (let x = -ring; x <= ring; x++) {
      for (let z = -ring; z <= ring; z++) {
        if (Math.max(Math.abs(x), Math.abs(z)) !== ring) continue;
        if (!isTaken(x, z)) return [x + 0, 0, z + 0];
      }
    }
  }
  return [0, 0, 0];
}

/** The view ranges of the grid (half its width, in metres), up to the offset limit. */
export const GRID_RANGES = [5, 10, 25, MAX_PLACEMENT_OFFSET_M] as const;

/** The smallest range that shows every piece (at least 10 m either side), to open the grid on. */
export function rangeToFit(positions: ReadonlyArray<Vector3>): number {
  const farthest = Math.max(0, ...positions.map(([x, , z]) => Math.max(Math.abs(x), Math.abs(z))));
  return GRID_RANGES.find((range) => range >= 10 && range >= farthest + 1) ?? MAX_PLACEMENT_OFFSET_M;
}
