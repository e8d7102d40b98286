import { describe, expect, it } from 'vitest';
import { addTypedTags, catalogMessages, MAX_TAG_LENGTH, MAX_TAGS, tagsSchema } from './catalog.ts';

describe('addTypedTags', () => {
  it('shows each typed tag as it will be stored: spaces removed, blanks dropped', () => {
    expect(addTypedTags(['Puzzle'], 'family fun')).toEqual({
      tags: ['Puzzle', 'familyfun'],
      typed: ['familyfun'],
      duplicates: [],
      error: undefined,
    });
    expect(addTypedTags([], ' Low poly , ,  Animal')).toMatchObject({ typed: ['Lowpoly', 'Animal'] });
    expect(addTypedTags(['Puzzle'], '   ')).toMatchObject({ tags: ['Puzzle'], typed: [] });
  });

  it('names a typed tag the list already has, whatever its case or spaces', () => {
    expect(addTypedTags(['FamilyFun'], 'family fun')).toMatchObject({
      tags: ['FamilyFun'],
      typed: ['familyfun'],
      duplicates: ['familyfun'],
    });
  });

  it('refuses a list past the limits with the schema’s own messages', () => {
    const twenty = Array.from({ length: MAX_TAGS }, (_, i) => `tag${i}`);
    expect(addTypedTags(twenty, 'one more').error).toBe(catalogMessages.tooManyTags);
    expect(addTypedTags(twenty, 'tag3').error).toBeUndefined();
    const long = 'x'.repeat(MAX_TAG_LENGTH + 1);
    expect(addTypedTags([], long).error).toBe(catalogMessages.tagTooLong);
    expect(addTypedTags([], `x ${'x'.repeat(MAX_TAG_LENGTH - 1)}`).error).toBeUndefined();
    for (const [current, typed] of [
      [twenty, 'one more'],
      [[], long],
    ] as const) {
      const parsed = tagsSchema.safeParse([...current, ...typed.split(',')]);
      expect(parsed.error?.issues[0]?.message).toBe(addTypedTags(current, typed).error);
    }
  });
});
