import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { compileSerializer } from '../plugins/serializer.ts';

const cache = new WeakMap<object, Buffer>();
/** The bytes of answers kept for reuse: never changed once written, so their compressed forms can be kept too. */
const keptBytes = new WeakSet<Buffer>();

/**
 * Sends `value` as JSON written from `schema` (as the route's serializer would), remembering the bytes for as long
 * as the same object is answered again: a cached page is serialized and encoded once, not once per request, and
 * (through `rememberingCompressors`) compressed once per encoding.
 */
export function sendSerialized<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.output<S> & object) {
  const { config } = reply.server;
  let json = cache.get(value);
  if (json === undefined) {
    json = Buffer.from(compileSerializer(schema, !config.isProduction)(value));
    // only the caches answer the same object again
    if (config.cacheSeconds > 0) {
      cache.set(value, json);
      keptBytes.add(json);
    }
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A one-shot compressor that compresses each kept answer's bytes once, and anything else every time. */
export function remembering<O>(compress: (buffer: Buffer, options?: O) => Buffer) {
  const compressed = new WeakMap<Buffer, Buffer>();
  return (buffer: Buffer, options?: O): Buffer => {
    if (!keptBytes.has(buffer)) return compress(buffer, options);
    let bytes = compressed.get(buffer);
    if (bytes === undefined) {
      bytes = compress(buffer, options);
      compressed.set(buffer, bytes);
    }
    return bytes;
  };
}

/**
 * The one-shot compressors @fastify/compress takes as its `zlib`: a browser's repeated read of a cached page gets the
 * bytes compressed the first time (the options are the plugin's, the same on every call). Its streaming
 * compressors are zlib's own.
 */
export function rememberingCompressors() {
  return {
    brotliCompressSync: remembering(zlib.brotliCompressSync),
    gzipSync: remembering(zlib.gzipSync),
    deflateSync: remembering(zlib.deflateSync),
    ...(typeof zlib.zstdCompressSync === 'function' ? { zstdCompressSync: remembering(zlib.zstdCompressSync) } : {}),
  };
}
