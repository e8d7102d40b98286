import {
  type Asset,
  type CarouselUpdateInput,
  carouselUpdateBodySchema,
  catalogMessages,
  MAX_CAROUSEL_IMAGES,
  MAX_NAME_LENGTH,
  type VerticalCarousel,
} from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { Field } from '../../../components/form/field.tsx';
import { numberFromText } from '../../../components/form/number-from-text.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorToastKey } from '../../../lib/query-client.ts';
import { useCreateCarousel } from '../api/create-carousel.ts';
import { useAssets } from '../api/get-assets.ts';
import { useUpdateCarousel } from '../api/update-carousel.ts';
import { roundMetres } from '../utils/placement.ts';
import { AssetThumbnail } from './asset-choices.tsx';
import { MediaUpload } from './media-upload.tsx';

/** An image of the carousel as the dialog shows it. */
type CarouselImage = Pick<Asset, 'url' | 'thumbnailUrl'> & { assetId: string; name: string };

interface CarouselValues {
  name: string;
  images: CarouselImage[];
  x: string;
  y: string;
  z: string;
  turn: string;
  scale: string;
}
type CarouselField = Exclude<keyof CarouselValues, never>;

const text = (value: number) => String(roundMetres(value));

function initialValues(carousel: VerticalCarousel | undefined): CarouselValues {
  return {
    name: carousel?.name ?? '',
    images: (carousel?.images ?? []).map((image, index) => ({ ...image, name: `Image ${index + 1}` })),
    x: text(carousel?.position[0] ?? 0),
    y: text(carousel?.position[1] ?? 0),
    z: text(carousel?.position[2] ?? 0),
    turn: text(carousel?.rotation[1] ?? 0),
    scale: text(carousel?.scale[0] ?? 1),
  };
}

const decimal = numberFromText(z.number());
const parse = (value: string) => {
  const result = decimal.safeParse(value);
  return result.success ? result.data : Number.NaN;
};

/** Which field of the dialog an issue of the contract's body is about ("position", 0 → x). */
function fieldOfPath(path: ReadonlyArray<PropertyKey>): CarouselField | undefined {
  const [head, index] = path.map(String);
  if (head === 'name' || head === 'images') return head;
  if (head === 'position') return (['x', 'y', 'z'] as const)[Number(index)] ?? 'x';
  if (head === 'rotation') return 'turn';
  if (head === 'scale') return 'scale';
  return undefined;
}

/** The dialog's values as the API takes them, checked by the contract's own rules. */
function toBody(values: CarouselValues, rotation: readonly [number, number, number]) {
  const factor = parse(values.scale);
  return carouselUpdateBodySchema.safeParse({
    name: values.name,
    images: values.images.map((image) => image.assetId),
    position: [parse(values.x), parse(values.y), parse(values.z)],
    rotation: [rotation[0], parse(values.turn), rotation[2]],
    scale: [factor, factor, factor],
  });
}

interface CarouselFormProps {
  stageId: string;
  carousel: VerticalCarousel | undefined;
  onDone: () => void;
}

function CarouselForm({ stageId, carousel, onDone }: CarouselFormProps) {
  const create = useCreateCarousel();
  const update = useUpdateCarousel();
  const imageAssets = useAssets('Image');
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(carousel));
  const [errors, setErrors] = useState<Partial<Record<CarouselField, string>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const fieldId = (field: CarouselField) => `${formId}-${field}`;
  const rotation = carousel?.rotation ?? [0, 0, 0];

  // the carousel's own images are named after the assets they are, once those are known
  const assetName = (assetId: string) => imageAssets.data?.data.find((asset) => asset.id === assetId)?.name;

  const set = <K extends CarouselField>(field: K, value: CarouselValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const addImage = (asset: Asset) => {
    if (values.images.some((image) => image.assetId === asset.id)) return;
    set('images', [
      ...values.images,
      { assetId: asset.id, url: asset.url, thumbnailUrl: asset.thumbnailUrl, name: asset.name },
    ]);
  };
  const removeImage = (assetId: string) =>
    set(
      'images',
      values.images.filter((image) => image.assetId !== assetId),
    );
  const moveImage = (index: number, by: -1 | 1) => {
    const next = [...values.images];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    set('images', next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = toBody(values, rotation);
    if (!result.success) {
      const found: Partial<Record<CarouselField, string>> = {};
      for (const issue of result.error.issues) {
        const field = fieldOfPath(issue.path);
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0] as CarouselField | undefined;
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body: CarouselUpdateInput = result.data;
    setIsSaving(true);
    try {
      if (carousel) await update.mutateAsync({ id: carousel.id, body });
      else await create.mutateAsync({ ...body, stageId });
      // SPEC §8's words for any item created or updated
      toast.success(carousel ? catalogMessages.updated : catalogMessages.created);
      onDone();
    } catch (err) {
      if (!isApiError(err, 'ValidationFailed')) return;
      const message = err.serverMessage ?? err.message;
      const match = /^([\w.]+): (.+)$/s.exec(message);
      const field = match?.[1] ? fieldOfPath(match[1].split('.')) : undefined;
      if (field && match?.[2]) setErrors({ [field]: match[2] });
      else toast.error(message, { key: errorToastKey(err) });
    } finally {
      setIsSaving(false);
    }
  };

  const describedBy = (field: CarouselField) => (errors[field] ? `${fieldId(field)}-error` : undefined);
  const numberInput = (field: 'x' | 'y' | 'z' | 'turn' | 'scale') => (
    <input
      id={fieldId(field)}
      className="input"
      inputMode="decimal"
      autoComplete="off"
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={describedBy(field)}
    />
  );
  const chosen = new Set(values.images.map((image) => image.assetId));
  const isFull = values.images.length >= MAX_CAROUSEL_IMAGES;

  return (
    <form onSubmit={submit} noValidate aria-label={carousel ? 'Edit vertical carousel' : 'Add vertical carousel'}>
      <div className="dialog__body carousel-form">
        <Field id={fieldId('name')} label="Carousel name" error={errors.name}>
          <input
            id={fieldId('name')}
            className="input"
            maxLength={MAX_NAME_LENGTH}
            autoComplete="off"
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
        </Field>
        <fieldset className={`carousel-form__images${errors.images ? ' field--invalid' : ''}`}>
          <legend className="field__label">Images, top to bottom</legend>
          {values.images.length === 0 ? (
            <p className="field__hint">No image yet: pick images below, in the order they stack.</p>
          ) : (
            <ol className="carousel-form__order" aria-label="Images, top to bottom">
              {values.images.map((image, index) => {
                const name = assetName(image.assetId) ?? image.name;
                return (
                  <li key={image.assetId} className="carousel-form__image">
                    <AssetThumbnail asset={{ type: 'Image', url: image.url, thumbnailUrl: image.thumbnailUrl }} />
                    <span className="carousel-form__image-name">{name}</span>
                    <span className="carousel-form__image-actions">
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => moveImage(index, -1)}
                        disabled={index === 0}
                      >
                        Up<span className="visually-hidden"> ({name})</span>
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => moveImage(index, 1)}
                        disabled={index === values.images.length - 1}
                      >
                        Down<span className="visually-hidden"> ({name})</span>
                      </button>
                      <button
                        type="button"
                        className="link-button link-button--danger"
                        onClick={() => removeImage(image.assetId)}
                      >
                        Remove<span className="visually-hidden"> {name}</span>
                      </button>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
          {errors.images ? (
            <p className="field__error" id={fieldId('images')} role="alert">
              {errors.images}
            </p>
          ) : null}
          <p className="field__hint carousel-form__pick-hint">
            Tick your images in the order they stack, or upload a new one.
          </p>
          <MediaUpload kind="Image" onUploaded={addImage} />
          {imageAssets.data ? (
            <ul className="asset-choices" aria-label="Your images">
              {imageAssets.data.data.map((asset) => (
                <li key={asset.id}>
                  <label className="asset-choice">
                    <input
                      type="checkbox"
                      checked={chosen.has(asset.id)}
                      disabled={!chosen.has(asset.id) && isFull}
                      onChange={(event) => (event.target.checked ? addImage(asset) : removeImage(asset.id))}
                    />
                    <AssetThumbnail asset={asset} />
                    <span className="asset-choice__name">{asset.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="asset-choices__status" role="status">
              {imageAssets.isError ? 'Your images could not be loaded.' : 'Loading your images…'}
            </p>
          )}
        </fieldset>
        <div className="carousel-form__numbers">
          <Field id={fieldId('x')} label="x (m)" error={errors.x}>
            {numberInput('x')}
          </Field>
          <Field id={fieldId('z')} label="z (m)" error={errors.z}>
            {numberInput('z')}
          </Field>
          <Field id={fieldId('y')} label="Height y (m)" error={errors.y}>
            {numberInput('y')}
          </Field>
          <Field id={fieldId('turn')} label="Turn (°)" error={errors.turn}>
            {numberInput('turn')}
          </Field>
          <Field id={fieldId('scale')} label="Scale" error={errors.scale}>
            {numberInput('scale')}
          </Field>
        </div>
      </div>
      <DialogActions
        submitLabel={carousel ? 'Save carousel' : 'Add carousel'}
        onCancel={onDone}
        isSubmitting={isSaving}
      />
    </form>
  );
}

export interface CarouselDialogProps {
  isOpen: boolean;
  stageId: string;
  /** The carousel to edit; a new one without it. */
  carousel: VerticalCarousel | undefined;
  onClose: () => void;
}

/** Adds or edits a vertical carousel of a saved stage: closes once the server has it, stays open when refused. */
export function CarouselDialog({ isOpen, stageId, carousel, onClose }: CarouselDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={carousel ? 'Edit vertical carousel' : 'Add vertical carousel'}
      onClose={onClose}
      className="dialog--wide carousel-dialog"
    >
      <CarouselForm key={carousel?.id ?? 'new'} stageId={stageId} carousel={carousel} onDone={onClose} />
    </Dialog>
  );
}
