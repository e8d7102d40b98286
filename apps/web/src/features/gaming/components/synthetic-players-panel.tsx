import {
  addSyntheticPlayersArgsSchema,
  MAX_SYNTHETIC_PLAYERS_PER_REQUEST,
  type SyntheticBehaviour,
  syntheticBehaviourLabels,
  syntheticBehaviours,
} from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import type { ConsoleBot } from '../utils/synthetic-players.ts';
import { GamingCard } from './gaming-card.tsx';

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The count as typed: blank is missing (the contract's "Please input…"), other text not a number. */
const formSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const { count, behaviour } = value as { count?: unknown; behaviour?: unknown };
    const text = String(count ?? '').trim();
    return { count: text === '' ? undefined : DECIMAL.test(text) ? Number(text) : Number.NaN, behaviour };
  },
  addSyntheticPlayersArgsSchema.pick({ count: true, behaviour: true }),
);

export interface SyntheticPlayersPanelProps {
  /** The synthetic players in the last created game. */
  bots: readonly ConsoleBot[];
  onAdd: (count: number, behaviour: SyntheticBehaviour) => Promise<void>;
  onRemove: () => Promise<void>;
}

/**
 * Synthetic players for the last created game: bots the server runs, each on its own hub connection, that join while
 * the game waits and play it by a chosen behaviour, so a partner can test a multiplayer game alone.
 */
export function SyntheticPlayersPanel({ bots, onAdd, onRemove }: SyntheticPlayersPanelProps) {
  const [isRemoving, setRemoving] = useState(false);
  const form = useZodForm({
    schema: formSchema,
    initialValues: { count: '1', behaviour: syntheticBehaviours[0] as string },
    onSubmit: (values) => onAdd(values.count, values.behaviour),
  });
  const { errors, register, fieldId } = form;

  const remove = async () => {
    setRemoving(true);
    try {
      await onRemove();
    } catch {
      // the page has reported it
    } finally {
      setRemoving(false);
    }
  };

  return (
    <GamingCard titleId="gaming-bots-title" title="Synthetic players">
      <p className="gaming-card__intro">
        Bots the server runs: they join the last created game while it waits and play it once you start it. They leave
        when the game closes or you disconnect.
      </p>
      <form ref={form.formRef} className="form gaming-form" onSubmit={form.handleSubmit} noValidate>
        <div className="form__row">
          <InputField
            form={form}
            name="count"
            label="Number of players"
            isRequired
            hint={`1 to ${MAX_SYNTHETIC_PLAYERS_PER_REQUEST} at a time`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SYNTHETIC_PLAYERS_PER_REQUEST}
            step={1}
            autoComplete="off"
          />
          <Field id={fieldId('behaviour')} label="Behaviour" isRequired error={errors.behaviour}>
            <select className="input" {...register('behaviour')}>
              {syntheticBehaviours.map((behaviour) => (
                <option key={behaviour} value={behaviour}>
                  {syntheticBehaviourLabels[behaviour]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form__actions">
          <Button type="submit" isLoading={form.isSubmitting}>
            Add players
          </Button>
          <Button variant="secondary" onClick={remove} isLoading={isRemoving} disabled={bots.length === 0}>
            Remove players
          </Button>
        </div>
      </form>
      {bots.length === 0 ? (
        <p className="gaming-bots__empty">No synthetic players in this game yet.</p>
      ) : (
        <ul className="gaming-bots" aria-label="Synthetic players in this game">
          {bots.map((bot) => (
            <li key={bot.userId} className="gaming-bots__item">
              <span className="gaming-bots__name">{bot.name}</span>
              <span className="gaming-bots__behaviour">{syntheticBehaviourLabels[bot.behaviour]}</span>
              <span className="gaming-bots__activity">{bot.activity ?? 'Joined'}</span>
            </li>
          ))}
        </ul>
      )}
    </GamingCard>
  );
}
