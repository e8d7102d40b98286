import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a command waits for a Redis that does not answer before it fails (and its request answers 503). */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * The Redis of multi-node mode (`REDIS_URL`), connected before the server listens. A Redis that goes away is retried
 * in the background; meanwhile the commands that need it fail fast rather than queue. Its errors are logged without
 * the URL, which may carry a password.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectionName: 'partner-portal',
  });
  let lastError = '';
  redis.on('error', (err: Error) => {
    // one line per kind of failure, not one per retry
    if (err.message === lastError) return;
    lastError = err.message;
    log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'redis error');
  });
  redis.on('ready', () => {
    lastError = '';
  });
  await redis.connect();
  return redis;
}
