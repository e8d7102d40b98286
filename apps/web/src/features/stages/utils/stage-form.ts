import {
  type ContentType,
  type Stage,
  stageBodySchema,
  type stageContentInputSchema,
  type UtilityKind,
} from '@portal/contracts';
import { z } from 'zod';
import { numberFromText, textFromNumber } from '../../../components/form/number-from-text.ts';
import type { Vector3 } from './placement.ts';

/** A piece of content as the form holds it: what the API takes, with what the editor shows of its file. */
export interface ContentDraft {
  /** Stable while the form is open: the content's id, or one made when it was added. */
  key: string;
  type: ContentType;
  name: string;
  assetId: string | null;
  utility: UtilityKind | null;
  /** The file it shows (a 3D asset's build, for its preview), and its picture. */
  url: string | null;
  thumbnailUrl: string | null;
  position: Vector3;
  rotation: Vector3;
  scale: Vector3;
}

export type StageFormValues = {
  name: string;
  description: string;
  latitude: string;
  longitude: string;
  altitude: string;
  heading: string;
  anchorId: string;
  contents: ContentDraft[];
};

const stage = stageBodySchema.shape;

/** A draft as the API takes it: a file or 3D asset by its id, a special utility by its kind. */
export function toContentInput(draft: ContentDraft): z.input<typeof stageContentInputSchema> {
  const placement = { name: draft.name, position: draft.position, rotation: draft.rotation, scale: draft.scale };
  if (draft.type === 'Utility') return { type: 'Utility', utility: draft.utility as UtilityKind, ...placement };
  return { type: draft.type, assetId: draft.assetId ?? '', ...placement };
}

/** The stage form's rules are the API's (`stageBodySchema`), field by field, and it submits a StageBody. */
export const stageFormSchema = z.object({
  name: stage.name,
  description: stage.description,
  latitude: numberFromText(stage.latitude),
  longitude: numberFromText(stage.longitude),
  // the form always holds a number here, so the API's default of 0 is the field's initial text
  altitude: numberFromText(stage.altitude.unwrap()),
  heading: numberFromText(stage.heading.unwrap()),
  anchorId: stage.anchorId,
  contents: z
    .array(z.custom<ContentDraft>())
    .transform((drafts) => drafts.map(toContentInput))
    .pipe(stage.contents.unwrap()),
});

/** The field latitude or longitude of the form holds, when it holds a valid one. */
export function validCoordinate(text: string, field: 'latitude' | 'longitude'): number | undefined {
  const result = numberFromText(stage[field]).safeParse(text);
  return result.success ? result.data : undefined;
}

/** The field heading holds, when valid. */
export function validHeading(text: string): number | undefined {
  const result = numberFromText(stage.heading.unwrap()).safeParse(text);
  return result.success ? result.data : undefined;
}

export function contentDraftOf(content: Stage['contents'][number]): ContentDraft {
  return {
    key: content.id,
    type: content.type,
    name: content.name,
    assetId: content.assetId,
    utility: content.utility,
    url: content.url,
    thumbnailUrl: content.thumbnailUrl,
    position: [...content.position],
    rotation: [...content.rotation],
    scale: [...content.scale],
  };
}

export function stageFormValues(item?: Stage): StageFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    latitude: textFromNumber(item?.latitude),
    longitude: textFromNumber(item?.longitude),
    altitude: textFromNumber(item?.altitude ?? 0),
    heading: textFromNumber(item?.heading ?? 0),
    anchorId: item?.anchorId ?? '',
    contents: item?.contents.map(contentDraftOf) ?? [],
  };
}

/**
 * The server names the field before its message ("latitude: latitude must be …", "contents.0.position.0: …"):
 * the form field it is about, and the message to show beside it.
 */
export function serverFieldError<K extends string>(
  message: string,
  fields: readonly K[],
): { field: K; message: string } | undefined {
  const match = /^([A-Za-z]+)[\w.]*: (.+)$/s.exec(message);
  const field = match?.[1] as K | undefined;
  if (!match?.[2] || !field || !fields.includes(field)) return undefined;
  return { field, message: match[2] };
}

/** An anchor id for a partner who has none yet: random, as the VPS app makes them. */
export function generateAnchorId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only on secure pages (https, localhost): the same version-4 UUID by hand elsewhere
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A key for a piece of content added in this form (the server gives it its id once saved). */
export const newContentKey = () => `new-${generateAnchorId()}`;
