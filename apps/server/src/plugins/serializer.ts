import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`; fast-json-stringify answers an anyOf by validating each
 * branch against the value (ajv, per value). As one schema with `nullable` it writes straight through.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (branch: unknown) => (branch as JsonSchema).type === 'null';
    const other = branches.find((branch) => !isNull(branch)) as JsonSchema | undefined;
    if (other && branches.some(isNull) && typeof other.type === 'string' && other.type !== 'null') {
      const { anyOf: _, ...rest } = out;
      const nullable: JsonSchema = { ...rest, ...other, nullable: true };
      // an anyOf elsewhere checks its branches with ajv, whose enum must then admit the null too
      if (Array.isArray(other.enum)) nullable.enum = [...other.enum, null];
      return nullable;
    }
  }
  return out;
}

/** The JSON Schema a route's answer is written from: the zod schema's output side. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  return simplify(json) as JsonSchema;
}

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * A stringifier compiled once from `schema` (fast-json-stringify): it writes only the schema's properties, so an
 * answer never carries a field the contract does not name. With `validate`, the value is first checked against the
 * zod schema, and a value that breaks the contract fails the request instead of reaching the client.
 */
export function compileSerializer(schema: z.ZodType, validate: boolean, route = ''): (data: unknown) => string {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (
      data: unknown,
    ) => string;
    compiled.set(schema, stringify);
  }
  if (!validate) return stringify;
  const write = stringify;
  return (data) => {
    const result = schema.safeEncode(data);
    if (!result.success) {
      const [method, url] = route.split(' ');
      throw new ResponseSerializationError(method ?? '', url ?? '', { cause: result.error });
    }
    return write(result.data);
  };
}

/** Fastify's serializer compiler for the routes' zod response schemas. */
export const createSerializerCompiler =
  (validate: boolean): FastifySerializerCompiler<z.ZodType> =>
  ({ schema, method, url }) =>
    compileSerializer(schema, validate, `${method} ${url}`);
