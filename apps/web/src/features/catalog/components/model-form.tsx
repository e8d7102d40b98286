import { MODEL_IMAGE_PARTS, type Model } from '@portal/contracts';
import { Field } from '../../../components/form/field.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useMay } from '../../../lib/studio-role.ts';
import { useModelCategories } from '../api/get-model-categories.ts';
import { modelFormSchema, modelFormValues } from './form-schemas.ts';
import { ItemFormLayout, PRICE_NOT_YOURS, useSaveItem } from './item-form.tsx';

/** Creates a 3D model, or edits `model`; goes to its Detail once saved. */
export function ModelForm({ model }: { model?: Model }) {
  const categories = useModelCategories();
  const save = useSaveItem('model', model, (err) => {
    if (!isApiError(err, 'CategoryNotFound')) return false;
    form.setFieldError('categoryId', err.message);
    return true;
  });
  // a listing editor (Marketing) keeps the price as it is: setting it is for roles that write items
  const maySetPrice = useMay()('items.write');
  const form = useZodForm({ schema: modelFormSchema, initialValues: modelFormValues(model), onSubmit: save });
  const { errors, register } = form;

  return (
    <ItemFormLayout
      type="model"
      item={model}
      form={form}
      intro="What buyers see on the Lumora marketplace. The model file is added as a version."
      submitNoun="3D Model"
      imageParts={MODEL_IMAGE_PARTS}
      description={{ label: 'Description' }}
    >
      <div className="form__row">
        <InputField
          form={form}
          name="price"
          label="Price (USD)"
          isRequired
          hint={maySetPrice ? '0 for a free model; at most two decimals.' : PRICE_NOT_YOURS}
          readOnly={!maySetPrice}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
        />
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
    </ItemFormLayout>
  );
}
