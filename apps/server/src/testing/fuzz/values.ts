import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/** Values that mean something to the server: a partner's ids, emails, uploaded URLs and stored keys. */
export interface FuzzContext {
  ids: string[];
  emails: string[];
  imageUrls: string[];
  buildUrls: string[];
  /** Keys under /files/. */
  fileKeys: string[];
}

/** Plausible values for parameters whose name says what they are. */
const NAMED_VALUES: Record<string, string[]> = {
  culture: ['en-US', 'zh-CN'],
  type: ['DeveloperAgreement', 'MarketplaceAgreement', 'game', 'model'],
  scope: ['read_write'],
  accountType: ['Standard', 'Express'],
  password: ['Secret123', 'Demo1234'],
  verificationCode: ['123456', '000000'],
  code: ['ac_good', '123456'],
  file: ['getting-started.md', 'unity-sdk'],
};

const INT4_MAX = 2_147_483_647;

/** Strings no field should take: every C0 control character, DEL, broken Unicode, injection attempts. */
const HOSTILE_STRINGS = [
  '\u0000',
  'Orbit\u0000Tag',
  '%00',
  '\u007f',
  '\u001b[31mred',
  '\r\nSet-Cookie: x=1',
  '\uD800',
  'a\uDFFFb',
  '\uFEFFbom',
  '\u202Egnp.exe',
  '模型.glb',
  '🦊'.repeat(40),
  "' or 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '{{7*7}}#{7*7}',
  ' ',
  '',
];

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, [], {}, ['a'], { a: 1 }, '1', 'true'];

const NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.005,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.enum) return 'enum';
  return undefined;
}

function bounded(min: number | undefined, max: number | undefined, fallbackMax: number) {
  const low = Math.max(min ?? 0, -INT4_MAX);
  const high = Math.min(max ?? fallbackMax, fallbackMax);
  return { min: low, max: Math.max(low, high) };
}

function namedString(name: string, schema: JsonSchema, context: FuzzContext): fc.Arbitrary<string> | undefined {
  const pick = (values: string[]) => (values.length > 0 ? fc.constantFrom(...values) : undefined);
  if (/email/i.test(name)) return pick([...context.emails, 'tester@studio.example']);
  if (name === 'key') return pick(context.fileKeys);
  if (/url$/i.test(name)) return pick([...context.imageUrls, ...context.buildUrls]);
  if (name === 'id' || /Id$/.test(name)) {
    return fc.oneof({ arbitrary: fc.constantFrom(...context.ids), weight: 3 }, { arbitrary: fc.uuid(), weight: 1 });
  }
  const named = NAMED_VALUES[name];
  if (named) return pick(named);
  if (schema.pattern === '^\\d{6}$') return fc.stringMatching(/^\d{6}$/);
  return undefined;
}

/** A value the schema accepts, or close to it: what a well-meaning client would send. */
export function validValue(name: string, schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(name, alternative, context)));
  switch (typeOf(schema)) {
    case 'string': {
      const named = namedString(name, schema, context);
      if (named) return named;
      const { min, max } = bounded(Math.max(1, schema.minLength ?? 0), schema.maxLength, 24);
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer': {
      const range = bounded(schema.minimum, schema.maximum, 1000);
      return fc.oneof(fc.constant(range.min), fc.integer(range));
    }
    case 'number': {
      const range = bounded(schema.minimum, schema.maximum, 100);
      return fc.integer({ min: range.min * 100, max: range.max * 100 }).map((cents) => cents / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => validValue(name, item, context)));
      return fc.array(validValue(name, schema.items || {}, context), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return validObject(schema, context);
    default:
      return fc.constant(null);
  }
}

function validObject(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, validValue(key, property, context)]),
  );
  return fc.record(shape, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

function withControlCharacter(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.integer({ min: 0, max: 32 }), fc.nat()).map(([text, code, at]) => {
    const char = String.fromCharCode(code === 32 ? 0x7f : code);
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return `${text.slice(0, index)}${char}${text.slice(index)}`;
  });
}

/** A value the schema should refuse: wrong types, control characters, out-of-range numbers, long strings. */
export function hostileValue(name: string, schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const wrongType = fc.constantFrom(...WRONG_TYPES);
  switch (typeOf(schema)) {
    case 'string': {
      const max = schema.maxLength ?? 200;
      return fc.oneof(
        { arbitrary: withControlCharacter(validValue(name, schema, context) as fc.Arbitrary<string>), weight: 4 },
        { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
        {
          arbitrary: fc.constantFrom('x'.repeat(max + 1), 'x'.repeat(10_000), `${'ab\u0000'.repeat(2000)}`),
          weight: 1,
        },
        { arbitrary: wrongType, weight: 1 },
      );
    }
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum]
        .filter((edge): edge is number => edge !== undefined)
        .flatMap((edge) => [edge - 1, edge + 1, edge + 0.5]);
      return fc.oneof(
        { arbitrary: fc.constantFrom(...NUMBERS, ...edges), weight: 4 },
        { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
        { arbitrary: wrongType, weight: 1 },
      );
    }
    case 'array':
      return fc.oneof(
        fc.array(hostileValue(name, schema.items || {}, context), { minLength: 1, maxLength: 3 }),
        fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, (_, i) => `tag${i}`)),
        wrongType,
      );
    case 'object':
      return fc.oneof(hostileObject(schema, context), wrongType);
    default:
      return fc.oneof(wrongType, fc.constantFrom(...HOSTILE_STRINGS));
  }
}

/** A mostly valid object with something wrong: one hostile field, a required one missing, an extra one, or all. */
export function hostileObject(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const valid = validObject(schema, context);
  if (properties.length === 0) {
    return fc.oneof(
      valid,
      valid.map((object) => ({ ...object, unexpected: '\u0000' })),
    );
  }
  const oneHostile = fc
    .tuple(valid, fc.constantFrom(...properties))
    .chain(([object, [key, property]]) =>
      hostileValue(key, property, context).map((value) => ({ ...object, [key]: value })),
    );
  const allHostile = fc.record(
    Object.fromEntries(properties.map(([key, property]) => [key, hostileValue(key, property, context)])),
  );
  const required = schema.required ?? [];
  const missing =
    required.length > 0
      ? fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => {
          const { [key]: _dropped, ...rest } = object;
          return rest;
        })
      : valid;
  const extra = fc
    .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'ownerId', 'id', 'role', '\u0000'))
    .map(([object, key]) => ({ ...object, [key]: key === '__proto__' ? { role: 'Admin' } : 'Admin' }));
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: oneHostile, weight: 8 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: extra, weight: 1 },
    { arbitrary: allHostile, weight: 1 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 1 },
  );
}

/** Either kind, mostly hostile. */
export function fuzzValue(name: string, schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validValue(name, schema, context), weight: 1 },
    { arbitrary: hostileValue(name, schema, context), weight: 2 },
  );
}
