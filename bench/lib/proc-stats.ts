import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep } from './time.ts';

/** Kernel clock ticks per second for /proc/<pid>/stat times; 100 on every Linux we run on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

/** A `kB` field of /proc/<pid>/status (VmRSS, VmHWM, …), or null when the process or /proc is gone. */
export function readStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const value = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1];
    return value === undefined ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * Resets VmHWM to the current RSS (`echo 5 > /proc/<pid>/clear_refs`, Linux ≥ 4.0), so that VmHWM afterwards is
 * the exact peak of what follows. False when the kernel or permissions refuse.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
export function readCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isNaN(utime) || Number.isNaN(stime) ? null : (utime + stime) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by a group of processes; the ones that ended since count as what they had last used. */
export class CpuMeter {
  private readonly start = new Map<number, number>();
  private readonly startedAt = process.hrtime.bigint();

  constructor(private readonly pids: () => number[]) {
    for (const pid of pids()) {
      const seconds = readCpuSeconds(pid);
      if (seconds !== null) this.start.set(pid, seconds);
    }
  }

  /** Share of one core used since construction (1 = one core fully busy). */
  read(): { cpuSeconds: number; wallSeconds: number; coreShare: number } {
    const wallSeconds = Number(process.hrtime.bigint() - this.startedAt) / 1e9;
    let cpuSeconds = 0;
    for (const pid of this.pids()) {
      const seconds = readCpuSeconds(pid);
      if (seconds !== null) cpuSeconds += seconds - (this.start.get(pid) ?? 0);
    }
    return { cpuSeconds, wallSeconds, coreShare: wallSeconds > 0 ? cpuSeconds / wallSeconds : 0 };
  }
}

/** Busy time (softirq apart), softirq time and total CPU time of the whole machine so far, in clock ticks. */
function readMachineTicks(): { busy: number; softirq: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user and nice
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + steal;
    return { busy, softirq, total: busy + softirq + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * This process's event-loop delay from construction to `read` (ms), sampled by a 10 ms timer (so about 10 ms when
 * idle): in a load generator, latency it adds to what it measures.
 */
export class LoopDelayMeter {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.histogram.enable();
  }

  read(): { p99: number; max: number } {
    this.histogram.disable();
    return { p99: this.histogram.percentile(99) / 1e6, max: this.histogram.max / 1e6 };
  }
}

/** How many cores the whole machine kept busy since construction: every process, ours and others'. */
export class MachineCpuMeter {
  private readonly start = readMachineTicks();

  /** Busy cores on average (0 = idle, `cores` = every core busy); null without /proc/stat. */
  read(): number | null {
    const shares = this.readShares();
    return shares === null ? null : shares.busyCores + shares.softirqCores;
  }

  /**
   * The same, split: cores busy apart from softirq, and softirq's own (the loopback network's receive path mostly,
   * charged to no process).
   */
  readShares(): { busyCores: number; softirqCores: number } | null {
    const end = readMachineTicks();
    if (!this.start || !end || end.total <= this.start.total) return null;
    const cores = os.availableParallelism();
    const total = end.total - this.start.total;
    return {
      busyCores: ((end.busy - this.start.busy) / total) * cores,
      softirqCores: ((end.softirq - this.start.softirq) / total) * cores,
    };
  }
}

export interface MachineLoad {
  /** Cores the machine kept busy, on average, in the second before a figure started; null without /proc/stat. */
  busyCores: number | null;
  cores: number;
  loadAverage1m: number;
}

/**
 * What the machine was doing in the second before a figure starts: timing figures taken while other work keeps
 * the cores busy come out low. (The load average would also count the figures that just ran before this one.)
 */
export async function sampleMachineLoad(): Promise<MachineLoad> {
  const meter = new MachineCpuMeter();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { busyCores: meter.read(), cores: os.availableParallelism(), loadAverage1m: os.loadavg()[0] ?? 0 };
}

/** Busier than this many cores before a figure, with nothing of ours running, means other work is going on. */
const BUSY_CORES_WARNING = 0.3;

export function describeMachineLoad(load: MachineLoad): string {
  const busy = load.busyCores === null ? 'n/a' : load.busyCores.toFixed(2);
  const text = `${busy} of ${load.cores} cores busy in the second before (load average ${load.loadAverage1m.toFixed(2)})`;
  return load.busyCores !== null && load.busyCores > BUSY_CORES_WARNING
    ? `${text}: WARNING, other processes are busy on this machine; these figures may be worse than on a quiet one`
    : text;
}

/** The resident memory of a process, in KB; throws when /proc does not tell. */
export function readRssKb(pid: number): number {
  const kb = readStatusKb(pid, 'VmRSS');
  if (kb === null) throw new Error(`cannot read VmRSS of the portal server (pid ${pid})`);
  return kb;
}

/** How often the memory figures sample VmRSS, how long a fresh server settles, and how long its baseline is read. */
export const RSS_SAMPLE_MS = 20;
export const SETTLE_SECONDS = 3;
export const BASELINE_SECONDS = 2;

/** The highest VmRSS of a process idle for `seconds`, read every `intervalMs`: what a figure's growth starts from. */
export async function readBaselineRssKb(pid: number, seconds: number, intervalMs: number): Promise<number> {
  const samples: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    samples.push(readRssKb(pid));
    await sleep(intervalMs);
  }
  return Math.max(...samples);
}

/** What a process's resident memory did while some work ran, against a baseline taken before (all in KB). */
export interface RssWatch {
  baselineKb: number;
  /** Highest VmRSS sampled during the work. */
  sampledPeakKb: number;
  /** VmHWM after the work, reset before it; null when the kernel refused the reset. */
  hwmPeakKb: number | null;
  peakKb: number;
  /** Lowest VmRSS sampled: far below the baseline means a collection freed memory meanwhile. */
  lowestKb: number;
  /** The larger of peak minus baseline and the largest rise of VmRSS during the work. */
  growthKb: number;
  samples: number;
}

/**
 * Runs `work` while sampling the VmRSS of `pid` every `intervalMs`, with VmHWM reset before it and read after it
 * (which catches a peak between two samples).
 */
export async function watchRss<T>(
  pid: number,
  baselineKb: number,
  intervalMs: number,
  work: () => Promise<T>,
): Promise<{ result: T; memory: RssWatch }> {
  const hwmReset = resetPeakRss(pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(readRssKb(pid)), intervalMs);
  let result: T;
  try {
    samples.push(readRssKb(pid));
    result = await work();
    samples.push(readRssKb(pid));
  } finally {
    clearInterval(sampler);
  }
  const hwmPeakKb = hwmReset ? readStatusKb(pid, 'VmHWM') : null;
  const sampledPeakKb = Math.max(...samples);
  const peakKb = Math.max(sampledPeakKb, hwmPeakKb ?? 0);
  // A garbage collection during the work can hand startup garbage back to the system and hide what the work holds:
  // so growth is also the largest rise from any lower point before it, not only peak minus baseline.
  let lowestKb = baselineKb;
  let largestRiseKb = 0;
  for (const kb of samples) {
    lowestKb = Math.min(lowestKb, kb);
    largestRiseKb = Math.max(largestRiseKb, kb - lowestKb);
  }
  return {
    result,
    memory: {
      baselineKb,
      sampledPeakKb,
      hwmPeakKb,
      peakKb,
      lowestKb: Math.min(...samples),
      growthKb: Math.max(peakKb - baselineKb, largestRiseKb),
      samples: samples.length,
    },
  };
}

/**
 * Lets a fresh server settle for SETTLE_SECONDS, takes its baseline (the highest VmRSS over BASELINE_SECONDS idle),
 * runs `work` watched against it (every RSS_SAMPLE_MS, VmHWM reset before), and reads VmRSS one second after.
 */
export async function watchAfterSettling<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; memory: RssWatch; afterKb: number }> {
  await sleep(SETTLE_SECONDS * 1000);
  const baselineKb = await readBaselineRssKb(pid, BASELINE_SECONDS, RSS_SAMPLE_MS);
  const { result, memory } = await watchRss(pid, baselineKb, RSS_SAMPLE_MS, work);
  await sleep(1000);
  return { result, memory, afterKb: readRssKb(pid) };
}
