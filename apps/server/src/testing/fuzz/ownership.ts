import type { FastifyInstance } from 'fastify';
import type { PartnerEstate } from '../estate.ts';
import { bearer } from '../requests.ts';
import { fillPath, type JsonSchema, type Operation, operationKey, type Parameter } from './openapi.ts';
import type { FuzzRequest } from './requests.ts';

/** One request of the second partner that carries the first partner's ids. */
export interface OwnershipProbe {
  operation: string;
  /** Where the owner's value went: `path`, `query.url`, `body.productId`… */
  slot: string;
  request: FuzzRequest;
}

/** Ids of the outside world (a VPS anchor's) name nothing the portal keeps. */
const EXTERNAL_ID_NAMES = new Set(['anchorId']);
const isIdName = (name: string) => (name === 'id' || /Id$/.test(name)) && !EXTERNAL_ID_NAMES.has(name);
/** A field naming a stored file; a page to return to (a checkout's success or cancel URL) names nothing owned. */
const RETURN_URL_NAMES = new Set(['successUrl', 'cancelUrl']);
const isUrlName = (name: string) => /url$/i.test(name) && !RETURN_URL_NAMES.has(name);
const fileKey = (url: string) => new URL(url, 'http://portal').pathname.replace(/^\/files\//, '');

/** What a partner owns and no one else may use: its item, version, whitelist, stage and API key ids, and its build. */
function privateIds(estate: PartnerEstate): string[] {
  return [
    estate.productId,
    estate.productVersionId,
    estate.modelId,
    estate.modelVersionId,
    estate.whitelistEntryId,
    estate.stageId,
    estate.carouselId,
    estate.stageImageId,
    estate.apiKeyId,
  ];
}

function pathCandidates(estate: PartnerEstate): string[] {
  return [...privateIds(estate), fileKey(estate.buildUrl)];
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** The simplest value a field accepts, made of the caller's own things where the field names one. */
function minimalValue(name: string, schema: JsonSchema, estate: PartnerEstate): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const type = typeOf(schema);
  if (type === 'string') {
    if (isUrlName(name)) return /asset/i.test(name) ? estate.buildUrl : estate.imageUrl;
    if (name === 'productId') return estate.productId;
    if (name === 'modelId') return estate.modelId;
    if (name === 'stageId') return estate.stageId;
    if (name === 'images') return estate.stageImageId;
    if (isIdName(name)) return estate.productVersionId;
    if (/email/i.test(name)) return estate.testerEmail;
    if (schema.format === 'date') return '2026-01-01';
    return 'Probe'.padEnd(schema.minLength ?? 1, 'e').slice(0, schema.maxLength ?? 100);
  }
  if (type === 'integer' || type === 'number') {
    // A version number no item has yet, a count every domain allows.
    const wanted = /version/i.test(name) ? 1000 : isIdName(name) ? 1 : 2;
    return Math.min(Math.max(wanted, schema.minimum ?? wanted), schema.maximum ?? wanted);
  }
  if (type === 'boolean') return false;
  if (type === 'array') {
    // a tuple lists a schema per position
    if (schema.prefixItems) return schema.prefixItems.map((item) => minimalValue(name, item, estate));
    const item = typeof schema.items === 'object' ? schema.items : undefined;
    return item ? Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(name, item, estate)) : [];
  }
  if (type === 'object') return minimalObject(schema, estate);
  return null;
}

/** Required fields, and the optional ones that name an id or a URL (so that they are probed as well). */
function minimalObject(schema: JsonSchema, estate: PartnerEstate): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name]) => required.has(name) || isIdName(name) || isUrlName(name))
      .map(([name, property]) => [name, minimalValue(name, property, estate)]),
  );
}

/** Query and body fields that carry an id or a URL, each with the owner's values it should be refused. */
function probedFields(parameters: Parameter[], owner: PartnerEstate) {
  return parameters
    .filter(
      (parameter) => typeOf(parameter.schema) === 'string' && (isIdName(parameter.name) || isUrlName(parameter.name)),
    )
    .map((parameter) => ({
      name: parameter.name,
      values: isUrlName(parameter.name) ? [owner.imageUrl, owner.buildUrl] : privateIds(owner),
    }));
}

function cartesian<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>((combos, list) => combos.flatMap((combo) => list.map((item) => [...combo, item])), [[]]);
}

/**
 * Every request of `intruder` that names something of `owner`: each path parameter (alone or with the intruder's
 * own ids beside it), each query or body field that carries an id or a URL. Bodies are otherwise valid, made of the
 * intruder's own things, so that a refusal comes from the ownership check and not from validation.
 */
export function ownershipProbes(
  operations: Operation[],
  owner: PartnerEstate,
  intruder: PartnerEstate,
): OwnershipProbe[] {
  const probes: OwnershipProbe[] = [];
  for (const operation of operations) {
    const queryParameters = operation.query;
    const bodyParameters = Object.entries(operation.body?.properties ?? {}).map(([name, schema]) => ({
      name,
      required: false,
      schema,
    }));
    const baseQuery = Object.fromEntries(
      queryParameters
        .filter((parameter) => parameter.required || isIdName(parameter.name) || isUrlName(parameter.name))
        .map((parameter) => [parameter.name, minimalValue(parameter.name, parameter.schema, intruder)]),
    );
    const baseBody = operation.body ? minimalObject(operation.body, intruder) : undefined;
    const build = (segments: string[], query: Record<string, unknown>, body: unknown): FuzzRequest => {
      const path = fillPath(
        operation.path,
        Object.fromEntries(operation.pathParams.map((parameter, i) => [parameter.name, segments[i] ?? ''])),
      );
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      return {
        method: operation.method,
        url: search ? `${path}?${search}` : path,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      };
    };
    const key = operationKey(operation);
    const ownerSegments = pathCandidates(owner);
    const intruderSegments = pathCandidates(intruder);
    // A parameter too short for an id cannot name one: its schema already refuses every probe.
    const fitting = (parameter: Parameter, segments: string[]) =>
      segments.filter((segment) => segment.length <= (parameter.schema.maxLength ?? Number.POSITIVE_INFINITY));
    if (operation.pathParams.length > 0) {
      const combos = cartesian(
        operation.pathParams.map((parameter) => fitting(parameter, [...ownerSegments, ...intruderSegments])),
      );
      for (const segments of combos) {
        if (!segments.some((segment) => ownerSegments.includes(segment))) continue;
        probes.push({ operation: key, slot: 'path', request: build(segments, baseQuery, baseBody) });
      }
    }
    const intruderPaths =
      operation.pathParams.length > 0
        ? cartesian(operation.pathParams.map((parameter) => fitting(parameter, intruderSegments)))
        : [[]];
    for (const [where, parameters] of [
      ['query', queryParameters],
      ['body', bodyParameters],
    ] as const) {
      for (const field of probedFields(parameters, owner)) {
        for (const value of field.values) {
          for (const segments of intruderPaths) {
            const query = where === 'query' ? { ...baseQuery, [field.name]: value } : baseQuery;
            const body = where === 'body' ? { ...baseBody, [field.name]: value } : baseBody;
            probes.push({ operation: key, slot: `${where}.${field.name}`, request: build(segments, query, body) });
          }
        }
      }
    }
  }
  return probes;
}

/** Refusals that come from an ownership check, not from validation or sign-in. */
const OWNERSHIP_REFUSALS = new Set([403, 404]);
// a passkey ceremony's options id of another account (or of none) reads as an expired request
const OWNERSHIP_ERROR_CODES = new Set(['FileUrlNotOurs', 'PasskeyRequestExpired']);

export interface ProbeOutcome {
  probe: OwnershipProbe;
  status: number;
  body: string;
  verdict: 'refused' | 'public' | 'breach' | 'not reached' | 'owner data changed';
}

/**
 * Sends each probe as the intruder and judges it. Refused: 403/404, or a URL that is not the caller's. Public: the
 * same success an anonymous caller gets. Anything else is a breach, a probe that never reached the check (a
 * refusal for another reason), or a change to the owner's data.
 */
export async function sendProbes(
  app: FastifyInstance,
  probes: OwnershipProbe[],
  intruderToken: string,
  snapshotOwner: () => Promise<string>,
): Promise<ProbeOutcome[]> {
  // Deletions last, so that every other probe meets the owner's data while it still exists.
  const ordered = [...probes].sort(
    (a, b) => Number(a.request.method === 'DELETE') - Number(b.request.method === 'DELETE'),
  );
  const outcomes: ProbeOutcome[] = [];
  let before = await snapshotOwner();
  for (const probe of ordered) {
    const inject = (headers: Record<string, string>) =>
      app.inject({
        method: probe.request.method,
        url: probe.request.url,
        headers: { ...probe.request.headers, ...headers },
        ...(probe.request.payload === undefined ? {} : { payload: probe.request.payload }),
      });
    const response = await inject(bearer(intruderToken));
    const { statusCode: status, body } = response;
    const after = await snapshotOwner();
    let verdict: ProbeOutcome['verdict'];
    if (after !== before) {
      verdict = 'owner data changed';
    } else if (OWNERSHIP_REFUSALS.has(status) || OWNERSHIP_ERROR_CODES.has(errorCodeOf(body))) {
      verdict = 'refused';
    } else if (status >= 400) {
      verdict = 'not reached';
    } else {
      const anonymous = await inject({});
      verdict = anonymous.statusCode === status && anonymous.body === body ? 'public' : 'breach';
    }
    before = after;
    outcomes.push({ probe, status, body, verdict });
  }
  return outcomes;
}

function errorCodeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { errorCode?: unknown }).errorCode);
  } catch {
    return '';
  }
}
