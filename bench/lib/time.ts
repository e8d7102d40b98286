export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds since `started`, a `process.hrtime.bigint()`. */
export const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** Now as digits (UTC, to the millisecond), for the names of what a run creates: databases, Redis prefixes. */
export const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 17);

/** An ISO time that is a valid file name everywhere (no colons), for results and profiles. */
export const fileStamp = (at = new Date()) => at.toISOString().replace(/:/g, '-');
