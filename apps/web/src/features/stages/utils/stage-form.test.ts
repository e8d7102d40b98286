import { describe, expect, it } from 'vitest';
import { generateAnchorId, serverFieldError, stageFormSchema, stageFormValues } from './stage-form.ts';

const FIELDS = Object.keys(stageFormValues()) as Array<keyof ReturnType<typeof stageFormValues>>;

describe('serverFieldError', () => {
  it('finds the form field a refusal names, with the message to show beside it', () => {
    expect(serverFieldError('latitude: latitude must be a number from -90 to 90', FIELDS)).toEqual({
      field: 'latitude',
      message: 'latitude must be a number from -90 to 90',
    });
    expect(serverFieldError('contents.0.position.1: position y must be a number from -50 to 50', FIELDS)).toEqual({
      field: 'contents',
      message: 'position y must be a number from -50 to 50',
    });
  });

  it('leaves a message about no field of the form to the page', () => {
    expect(serverFieldError('Some fields are missing or invalid.', FIELDS)).toBeUndefined();
    expect(serverFieldError('stageId: stageId must be the id of one of your stages', FIELDS)).toBeUndefined();
  });
});

describe('stageFormSchema', () => {
  const values = {
    ...stageFormValues(),
    name: ' Pier ',
    latitude: '22.28552',
    longitude: '114.15769',
    anchorId: 'pier-1',
  };

  it('submits the body the API takes, contents as type with asset or utility', () => {
    const result = stageFormSchema.safeParse({
      ...values,
      contents: [
        {
          key: 'new-1',
          type: 'Utility',
          name: 'Fountain',
          assetId: null,
          utility: 'TokenFountain',
          url: null,
          thumbnailUrl: null,
          position: [1, 0, 2],
          rotation: [0, 90, 0],
          scale: [1, 1, 1],
        },
      ],
    });
    expect(result.success && result.data).toEqual({
      name: 'Pier',
      description: undefined,
      latitude: 22.28552,
      longitude: 114.15769,
      altitude: 0,
      heading: 0,
      anchorId: 'pier-1',
      contents: [
        {
          type: 'Utility',
          name: 'Fountain',
          utility: 'TokenFountain',
          position: [1, 0, 2],
          rotation: [0, 90, 0],
          scale: [1, 1, 1],
        },
      ],
    });
  });

  it("refuses a latitude out of range with the API's message", () => {
    const result = stageFormSchema.safeParse({ ...values, latitude: '95' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['latitude', 'latitude must be a number from -90 to 90'],
    ]);
  });
});

describe('generateAnchorId', () => {
  it('makes a version 4 UUID', () => {
    expect(generateAnchorId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
