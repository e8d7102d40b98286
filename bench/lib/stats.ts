/** The middle value of some figures (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The medians of the lower and the upper half (each half holding the median). */
export function quartiles(values: number[]): [number, number] {
  const middle = median(values);
  return [median(values.filter((v) => v <= middle)), median(values.filter((v) => v >= middle))];
}

export const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

export interface LatencyMs {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * Numbers in a Float64Array that doubles when full: hundreds of thousands of latencies a phase, kept off the
 * JavaScript heap so that the garbage collector does not copy them (its pauses would be the clients' latency).
 */
export class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  percentiles(): LatencyMs {
    if (this.length === 0) return { p50: 0, p95: 0, p99: 0, max: 0, mean: 0 };
    const sorted = this.values.slice(0, this.length).sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    let sum = 0;
    for (const value of sorted) sum += value;
    return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0, mean: sum / sorted.length };
  }
}

/** mulberry32: a small seeded generator of numbers in [0, 1), so that every run draws the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
