import fc from 'fast-check';
import { fillPath, type Operation, type Parameter } from './openapi.ts';
import { type FuzzContext, fuzzValue, hostileObject, validValue } from './values.ts';

/** One request, as `app.inject` takes it, before the caller's credentials are added. */
export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Percent-encodes like a browser would, and a lone surrogate as the invalid UTF-8 it would become. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Raw, already encoded segments and query values no decoder should choke on. */
const RAW_ENCODED = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%0d%0aX-Injected:%201',
  '%E6%A8%A1%E5%9E%8B',
  'x'.repeat(65),
  'x'.repeat(101),
  'x'.repeat(2000),
];

/** The path parameter that takes the rest of the path, slashes included: a stored file's key in GET /files/{key}. */
const SPANS_SEGMENTS = 'key';

function pathSegment(parameter: Parameter, context: FuzzContext): fc.Arbitrary<string> {
  const spans = parameter.name === SPANS_SEGMENTS;
  const valid = validValue(parameter.name, parameter.schema, context).map((value) =>
    spans ? toText(value).split('/').map(encode).join('/') : encode(toText(value)),
  );
  const hostile = fuzzValue(parameter.name, parameter.schema, context).map((value) => encode(toText(value)));
  const wildcard = spans ? ['../../etc/passwd', 'a/../../b', '%2F%2Fetc', 'x/'.repeat(200)] : [];
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: hostile, weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_ENCODED, ...wildcard), weight: 2 },
  );
}

function queryPairs(parameters: Parameter[], context: FuzzContext): fc.Arbitrary<string[]> {
  const one = (parameter: Parameter) =>
    fc.oneof(
      { arbitrary: fc.constant<string[]>([]), weight: 1 },
      {
        arbitrary: validValue(parameter.name, parameter.schema, context).map((v) => [
          `${parameter.name}=${encode(toText(v))}`,
        ]),
        weight: 2,
      },
      {
        arbitrary: fuzzValue(parameter.name, parameter.schema, context).map((v) => [
          `${parameter.name}=${encode(toText(v))}`,
        ]),
        weight: 3,
      },
      { arbitrary: fc.constantFrom(...RAW_ENCODED).map((raw) => [`${parameter.name}=${raw}`]), weight: 2 },
      { arbitrary: fc.constant([`${parameter.name}=a`, `${parameter.name}=b`]), weight: 1 },
    );
  const extra = fc.oneof(
    { arbitrary: fc.constant<string[]>([]), weight: 4 },
    { arbitrary: fc.constantFrom(['__proto__=x'], ['%00=%00'], ['a[b]=c'], ['=x'], ['&&&']), weight: 1 },
  );
  return fc.tuple(...parameters.map(one), extra).map((parts) => parts.flat());
}

const JSON_TYPE = 'application/json';

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

/** Broken bodies of every kind a client can send. */
const MALFORMED_BODIES: Body[] = [
  { contentType: JSON_TYPE, payload: '{' },
  { contentType: JSON_TYPE, payload: '{"name":' },
  { contentType: JSON_TYPE, payload: '{"name":"\\u0000"}' },
  { contentType: JSON_TYPE, payload: 'null' },
  { contentType: JSON_TYPE, payload: '"just a string"' },
  { contentType: JSON_TYPE, payload: '[]' },
  { contentType: JSON_TYPE, payload: '1e999' },
  { contentType: JSON_TYPE, payload: '{"__proto__":{"role":"Admin"}}' },
  { contentType: JSON_TYPE, payload: '{"constructor":{"prototype":{"role":"Admin"}}}' },
  { contentType: JSON_TYPE, payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { contentType: JSON_TYPE, payload: `\uFEFF{}` },
  { contentType: JSON_TYPE, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: `${JSON_TYPE}; charset=utf-16`, payload: '{}' },
  { contentType: `${JSON_TYPE}; charset=latin1`, payload: '{}' },
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'name=a&price=1' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 3]) },
  { contentType: 'application/vnd.api+json', payload: '{}' },
  { contentType: '', payload: '{}' },
  { contentType: ';;;', payload: '{}' },
  { contentType: 'multipart/form-data', payload: '--x\r\n\r\n--x--' },
  { contentType: 'multipart/form-data; boundary=', payload: '----\r\n' },
  {
    contentType: 'multipart/form-data; boundary=right',
    payload: '--wrong\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n--wrong--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=b',
    payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
  },
  { contentType: 'multipart/form-data; boundary=b', payload: '--b\r\n\r\n\r\n--b--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=b',
    payload: '--b\r\nContent-Disposition: garbage\r\n\r\nx\r\n--b--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=b',
    payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"',
  },
  { contentType: 'multipart/form-data; boundary=b', payload: '' },
  { contentType: 'multipart/form-data; boundary="unclosed', payload: '--unclosed\r\n' },
  { contentType: 'multipart/mixed; boundary=b', payload: '--b--\r\n' },
];

const FILE_NAMES = [
  'a.png',
  'b.jpg',
  'c.glb',
  'd.ab',
  'e.exe',
  '',
  '.png',
  '../../x.png',
  'x\u0000.png',
  '模型.glb',
  `${'n'.repeat(300)}.png`,
  'a"b.glb',
  'con.png',
];
const FILE_BYTES = [
  Buffer.alloc(0),
  Buffer.from('not an image'),
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('truncated')]),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.concat([Buffer.from('glTF'), Buffer.from([2, 0, 0, 0, 40, 0, 0, 0]), Buffer.from('\x7fELF\x02\x01\x01')]),
  Buffer.from('UnityFS\u0000'),
];

/** A well-formed multipart body with odd parts: names, fields, empty and fake files. */
function multipartBody(seedBoundary: number): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const part = fc.oneof(
    fc
      .record({
        field: fc.constantFrom('file', 'avatar', 'coverThumbnailUrl', '', 'x\u0000'),
        filename: fc.constantFrom(...FILE_NAMES),
        contentType: fc.constantFrom('image/png', 'application/octet-stream', 'text/html', ''),
        data: fc.constantFrom(...FILE_BYTES),
      })
      .map(({ field, filename, contentType, data }) => ({
        head: `Content-Disposition: form-data; name="${field}"; filename="${filename}"${contentType ? `\r\nContent-Type: ${contentType}` : ''}`,
        data,
      })),
    fc
      .record({ field: fc.constantFrom('name', 'file', '\u0000'), value: fc.string({ maxLength: 20 }) })
      .map(({ field, value }) => ({
        head: `Content-Disposition: form-data; name="${field}"`,
        data: Buffer.from(value),
      })),
  );
  return fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => {
    const boundary = `fuzz${seedBoundary}`;
    const chunks = parts.flatMap(({ head, data }) => [
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    ]);
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
  });
}

function bodies(operation: Operation, context: FuzzContext): fc.Arbitrary<Body> {
  const json = (value: unknown) => ({ contentType: JSON_TYPE, payload: JSON.stringify(value) ?? '' });
  const schema = operation.body;
  const takesBody = schema !== undefined;
  const takesUpload = !takesBody && operation.method === 'POST';
  return fc.oneof(
    { arbitrary: (schema ? hostileObject(schema, context) : fc.constant({})).map(json), weight: takesBody ? 12 : 1 },
    { arbitrary: fc.constantFrom(...MALFORMED_BODIES), weight: 3 },
    { arbitrary: fc.nat().chain(multipartBody), weight: takesUpload ? 8 : 1 },
    { arbitrary: fc.constant<Body>({}), weight: 1 },
    { arbitrary: fc.constant({ contentType: JSON_TYPE, payload: '' }), weight: 1 },
  );
}

/** Requests for one operation: hostile path segments, query strings and bodies, with some valid ones among them. */
export function requestArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const segments = fc.record(
    Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, pathSegment(parameter, context)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const body = hasBody
    ? bodies(operation, context)
    : fc.oneof(
        { arbitrary: fc.constant<Body>({}), weight: 9 },
        { arbitrary: fc.constantFrom(...MALFORMED_BODIES), weight: 1 },
      );
  return fc
    .tuple(segments, queryPairs(operation.query, context), body)
    .map(([params, query, { contentType, payload }]) => {
      const path = fillPath(operation.path, params);
      const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
      const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
      return { method: operation.method, url, headers, ...(payload === undefined ? {} : { payload }) };
    });
}
