import { MAX_GAME_INTRODUCE_LENGTH, type Product } from '@portal/contracts';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useMay } from '../../../lib/studio-role.ts';
import { gameFormSchema, gameFormValues, playerFieldDependents, playersInOrder } from './form-schemas.ts';
import { ItemFormLayout, PRICE_NOT_YOURS, useSaveItem } from './item-form.tsx';

/** Creates an AR game, or edits `product`; goes to its Detail once saved. */
export function GameForm({ product }: { product?: Product }) {
  // a listing editor (Marketing) keeps the price as it is: setting it is for roles that write items
  const maySetPrice = useMay()('items.write');
  const save = useSaveItem('game', product);
  const form = useZodForm({
    schema: gameFormSchema,
    initialValues: gameFormValues(product),
    crossCheck: playersInOrder,
    dependents: playerFieldDependents,
    onSubmit: save,
  });

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
        <TextAreaField
          form={form}
          name="introduce"
          label="Introduce"
          hint="One or two sentences shown under the name."
          className="input textarea textarea--short"
          rows={2}
          maxLength={MAX_GAME_INTRODUCE_LENGTH}
        />
      }
    >
      <div className="form__row">
        <InputField
          form={form}
          name="tokensToPlay"
          label="Number of Tokens"
          isRequired
          hint="Tokens a player spends to play one game."
          inputMode="numeric"
          autoComplete="off"
        />
        <InputField
          form={form}
          name="price"
          label="Price on the app stores (USD)"
          isRequired
          hint={maySetPrice ? '0 for a free game; at most two decimals.' : PRICE_NOT_YOURS}
          readOnly={!maySetPrice}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
        />
      </div>
      <div className="form__row">
        <InputField
          form={form}
          name="minNumberOfPlayers"
          label="Minimum number of players"
          isRequired
          inputMode="numeric"
          autoComplete="off"
        />
        <InputField
          form={form}
          name="maxNumberOfPlayers"
          label="Maximum number of players"
          isRequired
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
    </ItemFormLayout>
  );
}
