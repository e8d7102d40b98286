/** Milliseconds as autocannon reports them: whole, or to a tenth. */
export const formatMs = (ms: number) => `${Number.isInteger(ms) ? ms : ms.toFixed(1)} ms`;

/** Milliseconds measured to the microsecond: two decimals under 10 ms, one above. */
export const formatFineMs = (ms: number) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;

/** Microseconds, whole unless asked otherwise. */
export const formatUs = (us: number, digits = 0) => `${us.toFixed(digits)} µs`;

/** Two significant digits below 1: a read 300 times slower than its bare route is 0.0033, not 0.00. */
export const formatRatio = (value: number) => (value >= 1 ? value.toFixed(2) : value.toPrecision(2));

/** A rate per second, whole, with thousands separators. */
export const formatRate = (perSecond: number) => Math.round(perSecond).toLocaleString('en');

export const formatMiB = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
