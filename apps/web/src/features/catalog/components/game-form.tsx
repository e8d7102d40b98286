import {
  catalogMessages,
  itemDetailPath,
  MAX_GAME_INTRODUCE_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MY_PROJECTS_PATH,
  type Product,
} from '@portal/contracts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { usePayoutRequiredRedirect } from '../../../hooks/use-payout-required.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ImageField, TagsField, THUMBNAIL_LABEL } from './form-controls.tsx';
import { gameFormSchema, gameFormValues, playerFieldDependents, playersInOrder } from './form-schemas.ts';

/** Creates an AR game, or edits `product`; goes to its Detail once saved. */
export function GameForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const redirectIfPayoutMissing = usePayoutRequiredRedirect();
  const form = useZodForm({
    schema: gameFormSchema,
    initialValues: gameFormValues(product),
    crossCheck: playersInOrder,
    dependents: playerFieldDependents,
    onSubmit: async (body) => {
      try {
        const saved = product
          ? await updateProduct.mutateAsync({ id: product.id, body })
          : await createProduct.mutateAsync(body);
        toast.success(product ? catalogMessages.updated : catalogMessages.created);
        navigate(itemDetailPath({ ...saved, type: 'game' }));
      } catch (err) {
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
      aria-labelledby="game-form-title"
    >
      <h2 id="game-form-title" className="form__title">
        {product ? 'Edit AR game' : 'New AR game'}
      </h2>
      <p className="form__intro">
        What players see on the Lumora marketplace. Builds are added as versions once the project exists.
      </p>
      <Field id={form.fieldId('name')} label="Project name" isRequired error={errors.name}>
        <input className="input" maxLength={MAX_ITEM_NAME_LENGTH} autoComplete="off" {...register('name')} />
      </Field>
      <div className="form__row">
        <Field
          id={form.fieldId('tokensToPlay')}
          label="Number of Tokens"
          isRequired
          error={errors.tokensToPlay}
          hint="Tokens a player spends to play one game."
        >
          <input className="input" inputMode="numeric" autoComplete="off" {...register('tokensToPlay')} />
        </Field>
        <Field
          id={form.fieldId('price')}
          label="Price on the app stores (USD)"
          isRequired
          error={errors.price}
          hint="0 for a free game; at most two decimals."
        >
          <input className="input" inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('price')} />
        </Field>
      </div>
      <div className="form__row">
        <Field
          id={form.fieldId('minNumberOfPlayers')}
          label="Minimum number of players"
          isRequired
          error={errors.minNumberOfPlayers}
        >
          <input className="input" inputMode="numeric" autoComplete="off" {...register('minNumberOfPlayers')} />
        </Field>
        <Field
          id={form.fieldId('maxNumberOfPlayers')}
          label="Maximum number of players"
          isRequired
          error={errors.maxNumberOfPlayers}
        >
          <input className="input" inputMode="numeric" autoComplete="off" {...register('maxNumberOfPlayers')} />
        </Field>
      </div>
      <TagsField form={form} name="tags" />
      <Field
        id={form.fieldId('introduce')}
        label="Introduce"
        error={errors.introduce}
        hint="One or two sentences shown under the name."
      >
        <textarea
          className="input textarea textarea--short"
          rows={2}
          maxLength={MAX_GAME_INTRODUCE_LENGTH}
          {...register('introduce')}
        />
      </Field>
      <Field
        id={form.fieldId('description')}
        label="Description (gameplay)"
        error={errors.description}
        hint="How the game is played: goal, rounds, what players do in AR."
      >
        <textarea
          className="input textarea"
          rows={6}
          maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
          {...register('description')}
        />
      </Field>
      <div className="form__row form__row--images">
        <ImageField form={form} name="icon" label={THUMBNAIL_LABEL} subject="thumbnail" />
        <ImageField form={form} name="cover" label="Cover image" subject="cover image" />
      </div>
      <div className="form__actions">
        <Button type="submit" size="lg" isLoading={form.isSubmitting}>
          {product ? 'Update Project' : 'Create Project'}
        </Button>
        <Link
          className="btn btn--ghost btn--lg"
          to={product ? itemDetailPath({ ...product, type: 'game' }) : MY_PROJECTS_PATH}
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
