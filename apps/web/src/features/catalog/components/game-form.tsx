import { MAX_GAME_INTRODUCE_LENGTH, type Product } from '@portal/contracts';
import { Field } from '../../../components/form/field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { gameFormSchema, gameFormValues, playerFieldDependents, playersInOrder } from './form-schemas.ts';
import { ItemFormLayout, useSaveItem } from './item-form.tsx';

/** Creates an AR game, or edits `product`; goes to its Detail once saved. */
export function GameForm({ product }: { product?: Product }) {
  const save = useSaveItem('game', product);
  const form = useZodForm({
    schema: gameFormSchema,
    initialValues: gameFormValues(product),
    crossCheck: playersInOrder,
    dependents: playerFieldDependents,
    onSubmit: save,
  });
  const { errors, register } = form;

  return (
    <ItemFormLayout
      type="game"
      item={product}
      form={form}
      intro="What players see on the Lumora marketplace. Builds are added as versions once the project exists."
      submitNoun="Project"
      description={{
        label: 'Description (gameplay)',
        hint: 'How the game is played: goal, rounds, what players do in AR.',
      }}
      afterTags={
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
      }
    >
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
    </ItemFormLayout>
  );
}
