import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

const cache = new WeakMap<object, string>();

/**
 * Sends `value` as JSON checked against `schema` (as the route's serializer would), remembering the JSON for as
 * long as the same object is answered again: a cached page is serialized once, not once per request.
 */
export function sendSerialized<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.output<S> & object) {
  let json = cache.get(value);
  if (json === undefined) {
    json = JSON.stringify(schema.encode(value));
    cache.set(value, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
