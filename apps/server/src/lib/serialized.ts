import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { compileSerializer } from '../plugins/serializer.ts';

const cache = new WeakMap<object, Buffer>();

/**
 * Sends `value` as JSON written from `schema` (as the route's serializer would), remembering the bytes for as long
 * as the same object is answered again: a cached page is serialized and encoded once, not once per request.
 */
export function sendSerialized<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.output<S> & object) {
  let json = cache.get(value);
  if (json === undefined) {
    json = Buffer.from(compileSerializer(schema, !reply.server.config.isProduction)(value));
    cache.set(value, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
