import {
  catalogMessages,
  type ImageRef,
  type Model,
  type ModelBody,
  modelBodySchema,
  type Product,
  type ProductBody,
  productBodySchema,
  type UploadedFile,
} from '@portal/contracts';
import { z } from 'zod';
import { numberFromText, textFromDollars, textFromNumber } from '../../../components/form/number-from-text.ts';

type ImageUrlShape = Pick<
  typeof productBodySchema.shape,
  'iconUrl' | 'thumbnailUrl' | 'smallThumbnailUrl' | 'coverThumbnailUrl'
>;

const uploadedImage = z.custom<UploadedFile | null>();

/** The icon (avatar) upload → its three URLs: the original, the medium variant as thumbnail, the small one. */
const iconField = (shape: ImageUrlShape) =>
  uploadedImage
    .transform((file) => ({
      iconUrl: file?.origin ?? '',
      thumbnailUrl: file?.medium ?? file?.origin ?? '',
      smallThumbnailUrl: file?.small ?? file?.medium ?? file?.origin ?? '',
    }))
    .pipe(
      z.object({
        iconUrl: shape.iconUrl,
        thumbnailUrl: shape.thumbnailUrl,
        smallThumbnailUrl: shape.smallThumbnailUrl,
      }),
    );

/** The cover upload → its original. */
const coverField = (shape: ImageUrlShape) =>
  uploadedImage.transform((file) => file?.origin ?? '').pipe(shape.coverThumbnailUrl);

/** An image the item already has, as the uploader shows it. */
function uploadedFrom(origin: ImageRef, medium: ImageRef = origin, small: ImageRef = medium): UploadedFile | null {
  if (!origin.url) return null;
  return { name: '', origin: origin.url, icon: null, medium: medium.url, small: small.url };
}

const product = productBodySchema.shape;

/** The game form: text inputs as typed, tags, and the two uploads. */
export type GameFormValues = {
  name: string;
  tokensToPlay: string;
  minNumberOfPlayers: string;
  maxNumberOfPlayers: string;
  price: string;
  tags: string[];
  introduce: string;
  description: string;
  icon: UploadedFile | null;
  cover: UploadedFile | null;
};

/** The game form's rules are the API's (`productBodySchema`), field by field, and it submits a ProductBody. */
export const gameFormSchema = z
  .object({
    name: product.name,
    tokensToPlay: numberFromText(product.tokensToPlay),
    minNumberOfPlayers: numberFromText(product.minNumberOfPlayers),
    maxNumberOfPlayers: numberFromText(product.maxNumberOfPlayers),
    price: numberFromText(product.price),
    tags: product.tags,
    introduce: product.introduce,
    description: product.description,
    icon: iconField(product),
    cover: coverField(product),
  })
  .transform(({ icon, cover, ...fields }): ProductBody => ({ ...fields, ...icon, coverThumbnailUrl: cover }));

export function gameFormValues(item?: Product): GameFormValues {
  return {
    name: item?.name ?? '',
    tokensToPlay: textFromNumber(item?.tokensToPlay),
    minNumberOfPlayers: textFromNumber(item?.minNumberOfPlayers),
    maxNumberOfPlayers: textFromNumber(item?.maxNumberOfPlayers),
    price: textFromDollars(item?.price),
    tags: item?.tags.map((tag) => tag.name) ?? [],
    introduce: item?.introduce ?? '',
    description: item?.description ?? '',
    icon: item ? uploadedFrom(item.icon, item.thumbnail, item.smallThumbnail) : null,
    cover: item ? uploadedFrom(item.coverThumbnail) : null,
  };
}

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : undefined);

/**
 * Minimum not above maximum, reported on both fields. The API checks it too (on the minimum), but its rule only
 * runs once every other field is valid, and the form must say it as soon as both numbers are typed.
 */
export function playersInOrder(values: Pick<GameFormValues, 'minNumberOfPlayers' | 'maxNumberOfPlayers'>) {
  const min = wholeNumber(values.minNumberOfPlayers);
  const max = wholeNumber(values.maxNumberOfPlayers);
  if (min === undefined || max === undefined || min <= max) return {};
  return { minNumberOfPlayers: catalogMessages.minAboveMax, maxNumberOfPlayers: catalogMessages.maxBelowMin };
}

/** Changing one number of players re-checks the other. */
export const playerFieldDependents = {
  minNumberOfPlayers: ['maxNumberOfPlayers'],
  maxNumberOfPlayers: ['minNumberOfPlayers'],
} as const;

const model = modelBodySchema.shape;

export type ModelFormValues = {
  name: string;
  description: string;
  price: string;
  /** The selected category id, as the select holds it. */
  categoryId: string;
  tags: string[];
  icon: UploadedFile | null;
  cover: UploadedFile | null;
};

/** The 3D model form's rules are the API's (`modelBodySchema`), and it submits a ModelBody. */
export const modelFormSchema = z
  .object({
    name: model.name,
    description: model.description,
    price: numberFromText(model.price),
    categoryId: numberFromText(model.categoryId),
    tags: model.tags,
    icon: iconField(model),
    cover: coverField(model),
  })
  .transform(({ icon, cover, ...fields }): ModelBody => ({ ...fields, ...icon, coverThumbnailUrl: cover }));

export function modelFormValues(item?: Model): ModelFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: textFromDollars(item?.price),
    categoryId: textFromNumber(item?.category?.categoryId),
    tags: item?.tags.map((tag) => tag.name) ?? [],
    icon: item ? uploadedFrom(item.icon, item.thumbnail, item.smallThumbnail) : null,
    cover: item ? uploadedFrom(item.coverThumbnail) : null,
  };
}
