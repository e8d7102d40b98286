import autocannon from 'autocannon';

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  /** Stop after this many requests in all instead (autocannon's `amount`). */
  amount?: number;
  /** The requests connection `index` (0-based) cycles through, in order. */
  requestsFor: (index: number) => LoadRequest[];
}

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  /** Mean of the per-second request counts (autocannon's requests.average). */
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
}

/**
 * One autocannon run from this process against `url`; every response counts, also the non-2xx ones. Several URLs
 * take the connections in turn (connection i goes to url i mod n), in one histogram.
 */
export async function runLoad(url: string | string[], options: LoadOptions): Promise<LoadResult> {
  let nextClient = 0;
  const result = await autocannon({
    // autocannon takes an array of URLs too (its README: "more than one URL is allowed"); its types say one
    url: url as string,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.amount === undefined ? {} : { amount: options.amount }),
    setupClient: (client) => {
      const requests = options.requestsFor(nextClient);
      nextClient += 1;
      client.setRequests(requests.map((request) => ({ method: 'GET', path: request.path, headers: request.headers })));
    },
  });
  return {
    connections: result.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      mean: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
  };
}
