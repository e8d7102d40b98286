import {
  type CatalogItemType,
  catalogMessages,
  itemDetailPath,
  itemTypeLabels,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MY_PROJECTS_PATH,
  type UploadedFile,
} from '@portal/contracts';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import type { TextFieldsOf } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { usePayoutRequiredRedirect } from '../../../hooks/use-payout-required.ts';
import { useCreateItem } from '../api/create-item.ts';
import type { CatalogBodyOf, CatalogItemOf } from '../api/item-types.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { type FormBinding, ImageField, TagsField, THUMBNAIL_LABEL } from './form-controls.tsx';

const itemTypeOf = { game: 'Product', model: 'Model' } as const;

/**
 * Saves a new item, or the changes to `item`; says so and goes to its Detail. A missing payout account sends the
 * partner to connect one; `onRefused` may claim another refusal (a field's) first.
 */
export function useSaveItem<T extends CatalogItemType>(
  type: T,
  item: CatalogItemOf<T> | undefined,
  onRefused?: (err: unknown) => boolean,
) {
  const navigate = useNavigate();
  const createItem = useCreateItem(type);
  const updateItem = useUpdateItem(type);
  const redirectIfPayoutMissing = usePayoutRequiredRedirect();
  return async (body: CatalogBodyOf<T>) => {
    try {
      const saved = item ? await updateItem.mutateAsync({ id: item.id, body }) : await createItem.mutateAsync(body);
      toast.success(item ? catalogMessages.updated : catalogMessages.created);
      navigate(itemDetailPath({ ...saved, type }));
    } catch (err) {
      if (onRefused?.(err)) return;
      if (!redirectIfPayoutMissing(err)) throw err;
    }
  };
}

/** What the shared parts of an item form need of `useZodForm`. */
type ItemFormBinding = TextFieldsOf<'name' | 'description'> &
  FormBinding<'icon' | 'cover', UploadedFile | null> &
  FormBinding<'tags', string[]> & {
    formRef: RefObject<HTMLFormElement | null>;
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
    isSubmitting: boolean;
  };

export interface ItemFormLayoutProps<T extends CatalogItemType> {
  type: T;
  /** The item being edited; none for a new one. */
  item: CatalogItemOf<T> | undefined;
  form: ItemFormBinding;
  intro: string;
  /** What the submit button saves: "Project", "3D Model". */
  submitNoun: string;
  /** The named parts the images upload to (the 3D model form's), rather than to Single. */
  imageParts?: { icon: string; cover: string };
  /** The type's own fields, between the name and the tags. */
  children: ReactNode;
  /** The type's own fields between the tags and the description. */
  afterTags?: ReactNode;
  description: { label: string; hint?: string };
}

/** An item form: title, name, the type's own fields, thumbnail and cover, then save or go back. */
export function ItemFormLayout<T extends CatalogItemType>({
  type,
  item,
  form,
  intro,
  submitNoun,
  imageParts,
  children,
  afterTags,
  description,
}: ItemFormLayoutProps<T>) {
  const images: FormBinding<'icon' | 'cover', UploadedFile | null> = form;
  const tags: FormBinding<'tags', string[]> = form;
  const titleId = `${type}-form-title`;
  const noun = itemTypeLabels[itemTypeOf[type]];
  return (
    <form
      ref={form.formRef}
      className="card form catalog-form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="form__title">
        {item ? `Edit ${noun}` : `New ${noun}`}
      </h2>
      <p className="form__intro">{intro}</p>
      <InputField
        form={form}
        name="name"
        label="Project name"
        isRequired
        maxLength={MAX_ITEM_NAME_LENGTH}
        autoComplete="off"
      />
      {children}
      <TagsField form={tags} name="tags" />
      {afterTags}
      <TextAreaField
        form={form}
        name="description"
        label={description.label}
        hint={description.hint}
        rows={6}
        maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
      />
      <div className="form__row form__row--images">
        <ImageField form={images} name="icon" label={THUMBNAIL_LABEL} subject="thumbnail" part={imageParts?.icon} />
        <ImageField form={images} name="cover" label="Cover image" subject="cover image" part={imageParts?.cover} />
      </div>
      <div className="form__actions">
        <Button type="submit" size="lg" isLoading={form.isSubmitting}>
          {item ? `Update ${submitNoun}` : `Create ${submitNoun}`}
        </Button>
        <Link className="btn btn--ghost btn--lg" to={item ? itemDetailPath({ ...item, type }) : MY_PROJECTS_PATH}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Why a listing editor (the Marketing role) cannot change the price field. */
export const PRICE_NOT_YOURS = 'Set by the Owner, Admins and Developers: your role edits the listing, not the price.';
