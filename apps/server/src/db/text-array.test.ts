import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/seeded-random.ts';
import { fastTextArray, pgTextArray, TEXT_ARRAY, useFastTextArrays, VARCHAR_ARRAY } from './text-array.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** An element as PostgreSQL writes it inside a `text[]` value. */
function element(value: string | null): string {
  if (value === null) return 'NULL';
  const quoted = value === '' || /[{},"\\\s]/.test(value) || value.toUpperCase() === 'NULL';
  return quoted ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
}
const arrayText = (values: Array<string | null>) => `{${values.map(element).join(',')}}`;

const ALPHABET = ['a', 'B', '7', ' ', ',', '{', '}', '"', '\\', 'é', '日', '-', '_', 'N', 'U', 'L', '\t', '🎮'];
function randomArray(random: () => number): Array<string | null> {
  return Array.from({ length: Math.floor(random() * 6) }, () => {
    if (random() < 0.1) return null;
    if (random() < 0.05) return random() < 0.5 ? 'NULL' : 'null';
    return Array.from(
      { length: Math.floor(random() * 5) },
      () => ALPHABET[Math.floor(random() * ALPHABET.length)],
    ).join('');
  });
}

describe('fastTextArray', () => {
  it('answers what pg parses for the shapes PostgreSQL writes', () => {
    const values = [
      '{}',
      '{a}',
      '{a,b,c}',
      '{NULL}',
      '{a,NULL,b}',
      '{"NULL"}',
      '{"null"}',
      '{""}',
      '{"a b",c}',
      '{"a,b"}',
      '{"a\\"b"}',
      '{"a\\\\b"}',
      '{"{x}"}',
      '{{a,b},{c,d}}',
      '[1:2]={a,b}',
      '{é,日本,🎮}',
      '{puzzle,multiplayer,ar}',
    ];
    for (const value of values) expect(fastTextArray(value), value).toEqual(pgTextArray(value));
    expect(fastTextArray('{puzzle,multiplayer}')).toEqual(['puzzle', 'multiplayer']);
    expect(fastTextArray('{a,NULL}')).toEqual(['a', null]);
    expect(fastTextArray('{"NULL"}')).toEqual(['NULL']);
  });

  it('answers what pg parses, and the array written, for 5,000 random arrays', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 5000; i += 1) {
      const values = randomArray(random);
      const text = arrayText(values);
      expect(fastTextArray(text), text).toEqual(pgTextArray(text));
      expect(fastTextArray(text), text).toEqual(values);
    }
  });

  it('is the parser pg answers for text[] and varchar[] once in use', () => {
    useFastTextArrays();
    expect(pg.types.getTypeParser(TEXT_ARRAY)).toBe(fastTextArray);
    expect(pg.types.getTypeParser(VARCHAR_ARRAY)).toBe(fastTextArray);
  });
});

describe.skipIf(!postgresUrl)('fastTextArray on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  it('reads back 500 random arrays as PostgreSQL wrote them', async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const random = seededRandom(29);
      for (let i = 0; i < 500; i += 1) {
        const values = randomArray(random);
        const { rows } = await client.query<{ written: string }>('select ($1::text[])::text as written', [values]);
        const written = rows[0]?.written ?? '';
        expect(fastTextArray(written), written).toEqual(values);
      }
    } finally {
      await client.end();
    }
  });
});
