import {
  catalogMessages,
  itemDetailPath,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MODEL_IMAGE_PARTS,
  type Model,
  MY_PROJECTS_PATH,
} from '@portal/contracts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { usePayoutRequiredRedirect } from '../../../hooks/use-payout-required.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateModel } from '../api/create-model.ts';
import { useModelCategories } from '../api/get-model-categories.ts';
import { useUpdateModel } from '../api/update-model.ts';
import { ImageField, TagsField, THUMBNAIL_LABEL } from './form-controls.tsx';
import { modelFormSchema, modelFormValues } from './form-schemas.ts';

/** Creates a 3D model, or edits `model`; goes to its Detail once saved. */
export function ModelForm({ model }: { model?: Model }) {
  const navigate = useNavigate();
  const categories = useModelCategories();
  const createModel = useCreateModel();
  const updateModel = useUpdateModel();
  const redirectIfPayoutMissing = usePayoutRequiredRedirect();
  const form = useZodForm({
    schema: modelFormSchema,
    initialValues: modelFormValues(model),
    onSubmit: async (body) => {
      try {
        const saved = model
          ? await updateModel.mutateAsync({ id: model.id, body })
          : await createModel.mutateAsync(body);
        toast.success(model ? catalogMessages.updated : catalogMessages.created);
        navigate(itemDetailPath({ ...saved, type: 'model' }));
      } catch (err) {
        if (isApiError(err, 'CategoryNotFound')) {
          form.setFieldError('categoryId', err.message);
          return;
        }
        if (!redirectIfPayoutMissing(err)) throw err;
      }
    },
  });
  const { errors, register } = form;

  return (
    <form
      ref={form.formRef}
      className="card form catalog-form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-labelledby="model-form-title"
    >
      <h2 id="model-form-title" className="form__title">
        {model ? 'Edit 3D model' : 'New 3D model'}
      </h2>
      <p className="form__intro">What buyers see on the Lumora marketplace. The model file is added as a version.</p>
      <Field id={form.fieldId('name')} label="Project name" isRequired error={errors.name}>
        <input className="input" maxLength={MAX_ITEM_NAME_LENGTH} autoComplete="off" {...register('name')} />
      </Field>
      <div className="form__row">
        <Field
          id={form.fieldId('price')}
          label="Price (USD)"
          isRequired
          error={errors.price}
          hint="0 for a free model; at most two decimals."
        >
          <input className="input" inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('price')} />
        </Field>
        <Field id={form.fieldId('categoryId')} label="Category" isRequired error={errors.categoryId}>
          <select className="input" aria-busy={categories.isPending || undefined} {...register('categoryId')}>
            <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
            {categories.data?.map((category) => (
              <option key={category.categoryId} value={String(category.categoryId)}>
                {category.categoryName}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <TagsField form={form} name="tags" />
      <Field id={form.fieldId('description')} label="Description" error={errors.description}>
        <textarea
          className="input textarea"
          rows={6}
          maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
          {...register('description')}
        />
      </Field>
      <div className="form__row form__row--images">
        <ImageField form={form} name="icon" label={THUMBNAIL_LABEL} subject="thumbnail" part={MODEL_IMAGE_PARTS.icon} />
        <ImageField form={form} name="cover" label="Cover image" subject="cover image" part={MODEL_IMAGE_PARTS.cover} />
      </div>
      <div className="form__actions">
        <Button type="submit" size="lg" isLoading={form.isSubmitting}>
          {model ? 'Update 3D Model' : 'Create 3D Model'}
        </Button>
        <Link
          className="btn btn--ghost btn--lg"
          to={model ? itemDetailPath({ ...model, type: 'model' }) : MY_PROJECTS_PATH}
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
